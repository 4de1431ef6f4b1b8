import { useEffect, useId, useRef } from 'react';
import type { DialogIcon, OpenDialog } from './dialog-types.ts';

const ICON_STYLE: Record<DialogIcon, { symbol: string; className: string; label: string }> = {
  warning: { symbol: '!', className: 'border-warning text-warning', label: 'Warning' },
  success: { symbol: '✓', className: 'border-success text-success', label: 'Success' },
  error: { symbol: '✕', className: 'border-error text-error', label: 'Error' },
  info: { symbol: 'i', className: 'border-info text-info', label: 'Information' },
};

/** The open dialog (spec §9): a modal <dialog>, its title, text, icon and buttons. */
export default function DialogBox({
  dialog,
  onClose,
}: {
  dialog: OpenDialog;
  onClose(confirmed: boolean): void;
}) {
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
            {dialog.confirmText}
          </button>
          {dialog.showCancel && (
            <button type="button" className="btn" onClick={() => onClose(false)}>
              {dialog.cancelText}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
