import { TASK_MESSAGES } from '../../../shared/task-rules.ts';
import type { Task } from '../../../shared/tasks.ts';
import { useDialog } from '../../components/dialogs.tsx';
import { useToast } from '../../components/toaster.tsx';
import { api } from '../../lib/api.ts';
import { withReason } from '../../lib/use-form.ts';

export const DELETE_CONFIRM = {
  title: 'Are you sure?',
  text: "You won't be able to revert this!",
  confirmText: 'Yes, delete it!',
  isDestructive: true,
} as const;

/**
 * Deleting a task as spec §4 "Deletion" and §7/§8 say: confirm first (cancel: a toast), then
 * 'Deleted!' or 'Error!'. `onDeleted` runs as soon as the task is gone, under the 'Deleted!'
 * dialog; the promise resolves once that dialog is closed.
 */
export function useDeleteTask(): (task: Pick<Task, '_id'>, onDeleted: () => void) => Promise<void> {
  const toast = useToast();
  const dialog = useDialog();
  return async (task, onDeleted) => {
    const confirmed = await dialog.confirm({ ...DELETE_CONFIRM, icon: 'warning' });
    if (!confirmed) {
      toast.info(TASK_MESSAGES.deleteCanceled);
      return;
    }
    let deleted = 0;
    let failure: unknown = null;
    try {
      deleted = (await api.deleteTask(task._id)).deletedCount;
    } catch (error) {
      console.error(error);
      failure = error;
    }
    if (deleted > 0) {
      onDeleted();
      await dialog.alert({
        title: TASK_MESSAGES.deletedTitle,
        text: TASK_MESSAGES.deletedText,
        icon: 'success',
      });
      return;
    }
    await dialog.alert({
      title: TASK_MESSAGES.deleteErrorTitle,
      // spec §8's words, then the server's reason (issue 47).
      text: withReason(TASK_MESSAGES.deleteErrorText, failure ?? ''),
      icon: 'error',
    });
  };
}
