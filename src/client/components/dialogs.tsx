import {
  createContext,
  use,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** spec §9: dialog buttons read OK, No and Cancel unless a dialog says otherwise. */
export const DIALOG_DEFAULTS = { confirm: 'OK', deny: 'No', cancel: 'Cancel' } as const;

export type DialogIcon = 'warning' | 'success' | 'error' | 'info';

export interface DialogOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  confirmText?: string;
  cancelText?: string;
  /** The confirm button destroys something (a task): daisyUI's error colour, not the primary. */
  isDestructive?: boolean;
}

interface OpenDialog extends DialogOptions {
  showCancel: boolean;
  resolve(confirmed: boolean): void;
}

interface DialogApi {
  /** Resolves true on confirm, false on cancel or Escape. */
  confirm(options: DialogOptions): Promise<boolean>;
  /** A message with one OK button. */
  alert(options: DialogOptions): Promise<void>;
}

const DialogContext = createContext<DialogApi | null>(null);

const ICON_STYLE: Record<DialogIcon, { symbol: string; className: string; label: string }> = {
  warning: { symbol: '!', className: 'border-warning text-warning', label: 'Warning' },
  success: { symbol: '✓', className: 'border-success text-success', label: 'Success' },
  error: { symbol: '✕', className: 'border-error text-error', label: 'Error' },
  info: { symbol: 'i', className: 'border-info text-info', label: 'Information' },
};

export function DialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  // The control that opened the dialog gets focus back when it closes (issue 17), however it
  // closes: confirm, Cancel or Escape. One that is gone by then (a declined offer's button)
  // leaves focus where the page puts it.
  const opener = useRef<HTMLElement | null>(null);

  const show = useCallback((options: DialogOptions, showCancel: boolean) => {
    opener.current = document.activeElement as HTMLElement | null;
    return new Promise<boolean>((resolve) => setOpen({ ...options, showCancel, resolve }));
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
      {open && <Dialog dialog={open} onClose={close} />}
    </DialogContext>
  );
}

function Dialog({ dialog, onClose }: { dialog: OpenDialog; onClose(confirmed: boolean): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    // showModal() traps focus and makes the rest of the page inert.
    ref.current?.showModal();
  }, []);
  const icon = dialog.icon ? ICON_STYLE[dialog.icon] : null;

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={dialog.text ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <div className="modal-box text-center">
        {icon && (
          <div
            role="img"
            aria-label={icon.label}
            className={`mx-auto mb-4 flex h-16 w-16 items-center justify-center rounded-full border-4 text-3xl font-bold ${icon.className}`}
          >
            {icon.symbol}
          </div>
        )}
        <h2 id={titleId} className="text-2xl font-bold">
          {dialog.title}
        </h2>
        {dialog.text && (
          <p id={textId} className="py-4">
            {dialog.text}
          </p>
        )}
        <div className="modal-action justify-center">
          <button
            type="button"
            className={`btn ${dialog.isDestructive ? 'btn-error' : 'btn-primary'}`}
            onClick={() => onClose(true)}
          >
            {dialog.confirmText ?? DIALOG_DEFAULTS.confirm}
          </button>
          {dialog.showCancel && (
            <button type="button" className="btn" onClick={() => onClose(false)}>
              {dialog.cancelText ?? DIALOG_DEFAULTS.cancel}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}

export function useDialog(): DialogApi {
  const api = use(DialogContext);
  if (!api) throw new Error('useDialog needs a DialogProvider');
  return api;
}
