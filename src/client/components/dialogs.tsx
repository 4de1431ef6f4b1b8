import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { UNREACHABLE_MESSAGE } from '../lib/api-error.ts';
import { importCode } from '../lib/load-failure.ts';
import type { DialogOptions, OpenDialog } from './dialog-types.ts';
import { useToast } from './toaster.tsx';

export type { DialogIcon, DialogOptions, OpenDialog } from './dialog-types.ts';

/** spec §9: dialog buttons read OK, No and Cancel unless a dialog says otherwise. */
export const DIALOG_DEFAULTS = { confirm: 'OK', deny: 'No', cancel: 'Cancel' } as const;

interface DialogApi {
  /** Resolves true on confirm, false on cancel or Escape. */
  confirm(options: DialogOptions): Promise<boolean>;
  /** A message with one OK button. */
  alert(options: DialogOptions): Promise<void>;
}

const DialogContext = createContext<DialogApi | null>(null);

/**
 * The dialog's code loads when a dialog first opens (issue 48: a first visit carries none of it),
 * or earlier for those who need it where the server may be gone (a member's Logout).
 */
export const loadDialogBox = () => import('./dialog-box.tsx');
// Rendered only once show() has its code, so it never suspends on a load that fails: a failure
// reaching React would unmount the app (no error boundary sits above the provider).
const DialogBox = lazy(loadDialogBox);

export function DialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  // The control that opened the dialog gets focus back when it closes (issue 17), however it
  // closes: confirm, Cancel or Escape. One that is gone by then (a declined offer's button)
  // leaves focus where the page puts it.
  const opener = useRef<HTMLElement | null>(null);
  // The dialog showing, or about to: one that another replaces is answered as cancelled.
  const current = useRef<OpenDialog | null>(null);
  const toast = useToast();

  const show = useCallback(
    async (options: DialogOptions, showCancel: boolean) => {
      const activeElement = document.activeElement as HTMLElement | null;
      try {
        // Issue 8: code that cannot load (server down, a redeploy removed the chunk) answers the
        // dialog as cancelled and says why; the next dialog imports it again.
        await importCode(loadDialogBox);
      } catch {
        toast.error(UNREACHABLE_MESSAGE);
        return false;
      }
      opener.current = activeElement;
      return new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        current.current = {
          ...options,
          confirmText: options.confirmText ?? DIALOG_DEFAULTS.confirm,
          cancelText: options.cancelText ?? DIALOG_DEFAULTS.cancel,
          showCancel,
          resolve,
        };
        setOpen(current.current);
      });
    },
    [toast],
  );
  // Focusing a control that is gone or disabled does nothing.
  useEffect(() => {
    if (!open) opener.current?.focus();
  }, [open]);
  const api = useMemo<DialogApi>(
    () => ({
      confirm: (options) => show(options, true),
      alert: async (options) => {
        await show(options, false);
      },
    }),
    [show],
  );

  const close = (confirmed: boolean) => {
    open?.resolve(confirmed);
    if (current.current === open) current.current = null;
    setOpen(null);
  };

  return (
    <DialogContext value={api}>
      {children}
      {open && (
        <Suspense>
          <DialogBox dialog={open} onClose={close} />
        </Suspense>
      )}
    </DialogContext>
  );
}

export function useDialog(): DialogApi {
  const api = use(DialogContext);
  if (!api) throw new Error('useDialog needs a DialogProvider');
  return api;
}
