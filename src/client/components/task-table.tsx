import type { ReactNode } from 'react';
import type { Task } from '../../shared/tasks.ts';
import { formatBudget, formatDeadline } from '../lib/format.ts';

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

/**
 * Tasks as a table: title, category, deadline, budget and bids, plus the page's own columns.
 * On a phone each row stacks its cells under their labels (index.css .stack-table).
 */
export function TaskTable({ caption, tasks, renderTitle, extraColumns = [] }: TaskTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table stack-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-base-content">
          <tr>
            {[
              'Title',
              'Category',
              'Deadline',
              'Budget',
              'Bids',
              ...extraColumns.map((c) => c.header),
            ].map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr key={task._id}>
              <th scope="row" data-label="Title" className="wrap-anywhere">
                {renderTitle(task)}
              </th>
              <td data-label="Category">{task.category}</td>
              <td data-label="Deadline">{formatDeadline(task.deadline)}</td>
              <td data-label="Budget">{formatBudget(task.budget)}</td>
              <td data-label="Bids">{task.bidsCount}</td>
              {extraColumns.map((column) => (
                <td key={column.header} data-label={column.header}>
                  {column.cell(task)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
