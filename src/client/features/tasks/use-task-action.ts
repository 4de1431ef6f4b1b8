import { useToast } from '../../components/toaster.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/use-form.ts';

/**
 * Runs one of the task page's actions (an offer accepted, a task delivered…): on success the
 * toast says what changed (announced to screen readers) and the page reloads its data; a refusal
 * shows the server's message, and a 409 (the task changed meanwhile) reloads the page's data too.
 * `success` may read the action's answer: null when the action led elsewhere (issue 21: an
 * accept that must be paid for first goes to the checkout page), with nothing to say or reload.
 * Resolves true on success.
 */
export function useTaskAction(refresh: () => Promise<void>) {
  const toast = useToast();
  return async <T>(
    action: () => Promise<T>,
    success: string | ((answer: T) => string | null),
  ): Promise<boolean> => {
    let answer: T;
    try {
      answer = await action();
    } catch (error) {
      toast.error(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) await refresh();
      return false;
    }
    const message = typeof success === 'string' ? success : success(answer);
    if (message === null) return true;
    toast.success(message);
    await refresh();
    return true;
  };
}
