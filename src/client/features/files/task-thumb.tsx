import type { Task } from '../../../shared/tasks.ts';
import { Picture } from './picture.tsx';

/**
 * A task's first photo in a list (issue 49), in a square of fixed size (`className`) with its
 * placeholder behind it, so the row is laid out before the image arrives. Nothing without one.
 * Decorative: the title beside it names the task.
 */
export function TaskThumb({ task, className = 'size-16' }: { task: Task; className?: string }) {
  // Every task answer, lists included, carries its first photo's thumbnail (issue 49).
  const { photo } = task;
  if (!photo) return null;
  return (
    <Picture
      picture={{ src: photo.thumb, placeholder: photo.placeholder }}
      alt=""
      className={`${className} shrink-0 rounded`}
    />
  );
}
