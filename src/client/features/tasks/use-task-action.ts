import { useToast } from '../../components/toaster.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/use-form.ts';

/**
 * Runs one of the task page's actions (an offer accepted, a task delivered…): on success the
 * toast says what changed (announced to screen readers) and the page reloads its data; a refusal
 * shows the server's message, and a 409 (the task changed meanwhile) reloads the page's data too.
 * Resolves true on success.
 */
export function useTaskAction(refresh: () => Promise<void>) {
  const toast = useToast();
  return async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) await refresh();
      return false;
    }
    toast.success(success);
    await refresh();
    return true;
  };
}
