import { useEffect } from 'react';
import { AUTH_MESSAGES } from '../../shared/account-rules.ts';
import { loadDialogBox, useDialog } from '../components/dialogs.tsx';
import { useToast } from '../components/toaster.tsx';
import { useSession } from './session.tsx';

/** spec §4 "Logout": confirm, sign out, then 'Logged out!' — or the error's message in a toast. */
export function useLogout() {
  const { signOut } = useSession();
  const dialog = useDialog();
  const toast = useToast();
  // Logout asks first, also when the server has gone away since: its dialog's code comes now.
  useEffect(() => {
    // Offline it fails here without a word: the dialog tries again when it opens, and says why.
    void loadDialogBox().catch(() => {});
  }, []);
  return async () => {
    const confirmed = await dialog.confirm({
      title: AUTH_MESSAGES.logoutConfirmTitle,
      text: AUTH_MESSAGES.logoutConfirmText,
      icon: 'warning',
      confirmText: AUTH_MESSAGES.logoutConfirmButton,
    });
    if (!confirmed) return;
    try {
      await signOut();
      await dialog.alert({
        title: AUTH_MESSAGES.loggedOutTitle,
        text: AUTH_MESSAGES.loggedOutText,
        icon: 'success',
      });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
}
