import { useId, type ReactNode } from 'react';
import { Link } from '../../lib/link.tsx';
import type { Task } from '../../../shared/tasks.ts';
import { paths } from '../../lib/paths.ts';
import { whyNot } from './task-permissions.ts';
import { useDeleteTask } from './use-delete-task.ts';

/**
 * A refused action: it stays in its place and in the Tab order (aria-disabled, not disabled), and
 * says why in visible text that it is described by (issue 9: not a tooltip only).
 */
export function RefusedAction({
  label,
  accessibleName,
  reasonId,
  className,
}: {
  label: string;
  accessibleName?: string;
  reasonId: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`btn btn-disabled ${className ?? ''}`}
      aria-disabled="true"
      aria-label={accessibleName}
      aria-describedby={reasonId}
    >
      {label}
    </button>
  );
}

/** The reasons under refused actions, each with the id its action points at. */
export function RefusalNotes({ notes }: { notes: { id: string; text: string }[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {notes.map((note) => (
        <li key={note.id} id={note.id} className="border-l-4 border-warning pl-2">
          {note.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The poster's Edit (or Update) and Delete, refused with the rules' reason where the task's status
 * forbids them (an assigned or completed task), plus the page's own extra buttons.
 */
export function OwnerActions({
  task,
  userId,
  editLabel,
  isSmall = false,
  onDeleted,
  children,
}: {
  task: Task;
  userId: string;
  editLabel: 'Edit' | 'Update';
  isSmall?: boolean;
  onDeleted(): void;
  children?: ReactNode;
}) {
  const deleteTask = useDeleteTask();
  const id = useId();
  const size = isSmall ? 'btn-sm' : '';
  const editRefusal = whyNot('edit', task, userId);
  const deleteRefusal = whyNot('delete', task, userId);
  const notes = [
    ...(editRefusal ? [{ id: `${id}-edit`, text: editRefusal }] : []),
    ...(deleteRefusal ? [{ id: `${id}-delete`, text: deleteRefusal }] : []),
  ];
  const editName = `${editLabel} ${task.title}`;
  const deleteName = `Delete ${task.title}`;
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {editRefusal ? (
          <RefusedAction
            label={editLabel}
            accessibleName={editName}
            reasonId={`${id}-edit`}
            className={size}
          />
        ) : (
          <Link
            to={paths.editTask(task._id)}
            className={`btn btn-primary ${size}`}
            aria-label={editName}
          >
            {editLabel}
          </Link>
        )}
        {deleteRefusal ? (
          <RefusedAction
            label="Delete"
            accessibleName={deleteName}
            reasonId={`${id}-delete`}
            className={size}
          />
        ) : (
          <button
            type="button"
            className={`btn btn-error ${size}`}
            aria-label={deleteName}
            onClick={() => deleteTask(task, onDeleted)}
          >
            Delete
          </button>
        )}
        {children}
      </div>
      <RefusalNotes notes={notes} />
    </div>
  );
}
