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
import type { DialogOptions, OpenDialog } from './dialog-types.ts';

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
const DialogBox = lazy(loadDialogBox);

export function DialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  // The control that opened the dialog gets focus back when it closes (issue 17), however it
  // closes: confirm, Cancel or Escape. One that is gone by then (a declined offer's button)
  // leaves focus where the page puts it.
  const opener = useRef<HTMLElement | null>(null);

  const show = useCallback((options: DialogOptions, showCancel: boolean) => {
    opener.current = document.activeElement as HTMLElement | null;
    return new Promise<boolean>((resolve) =>
      setOpen({
        ...options,
        confirmText: options.confirmText ?? DIALOG_DEFAULTS.confirm,
        cancelText: options.cancelText ?? DIALOG_DEFAULTS.cancel,
        showCancel,
        resolve,
      }),
    );
  }, []);
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
