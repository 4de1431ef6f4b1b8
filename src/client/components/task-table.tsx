import type { ReactNode } from 'react';
import type { Task } from '../../shared/tasks.ts';
import { TaskThumb } from '../features/files/task-thumb.tsx';
import { TaskStatusBadge } from '../features/tasks/task-status-badge.tsx';
import { formatBudget, formatDeadline } from '../lib/format.ts';
import { StackTable } from './stack-table.tsx';

interface ExtraColumn {
  header: string;
  cell(task: Task): ReactNode;
}

interface TaskTableProps {
  caption: string;
  tasks: Task[];
  /** The title cell (text, or a link to the task). */
  renderTitle(task: Task): ReactNode;
  extraColumns?: ExtraColumn[];
}

const COLUMNS = ['Title', 'Category', 'Deadline', 'Budget', 'Bids', 'Status'];

/**
 * Tasks as a table: title, category, deadline, budget, bids and status (issue 9), plus the page's
 * own columns.
 */
export function TaskTable({ caption, tasks, renderTitle, extraColumns = [] }: TaskTableProps) {
  return (
    <StackTable caption={caption} headers={[...COLUMNS, ...extraColumns.map((c) => c.header)]}>
      {tasks.map((task) => (
        <tr key={task._id}>
          <th scope="row" data-label="Title" className="wrap-anywhere">
            <span className="flex items-center gap-2">
              <TaskThumb task={task} className="size-10" />
              <span className="min-w-0">{renderTitle(task)}</span>
            </span>
          </th>
          <td data-label="Category">{task.category}</td>
          <td data-label="Deadline">{formatDeadline(task.deadline)}</td>
          <td data-label="Budget">{formatBudget(task.budget)}</td>
          <td data-label="Bids">{task.bidsCount}</td>
          <td data-label="Status">
            <TaskStatusBadge task={task} />
          </td>
          {extraColumns.map((column) => (
            <td key={column.header} data-label={column.header}>
              {column.cell(task)}
            </td>
          ))}
        </tr>
      ))}
    </StackTable>
  );
}
