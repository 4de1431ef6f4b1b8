import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ModerationState } from '../../../shared/moderation.ts';
import { useToast } from '../../components/toaster.tsx';
import { importCode } from '../../lib/load-failure.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import type { ReportDialog } from './report-dialog.tsx';
import type { ReportTarget } from './reports-api.ts';

export type { ReportTarget };

let dialogCode: Promise<{ ReportDialog: typeof ReportDialog }> | undefined;

/**
 * The dialog's code (its form, the shared report schema) on first use: few readers report, and
 * every page that offers Report would otherwise carry it, and list it in the shell's preload map
 * (the home page's budget, tests/e2e/home-performance.spec.ts). A failed load is tried again.
 */
function loadReportDialog() {
  if (!dialogCode) {
    const loading = importCode(() => import('./report-dialog.tsx'));
    loading.catch(() => {
      if (dialogCode === loading) dialogCode = undefined;
    });
    dialogCode = loading;
  }
  return dialogCode;
}

/**
 * "Report" beside a task, question, reply, message received, review or profile: for a signed-in
 * reader who is not its author, and only while it is shown to everyone (the server refuses a
 * report of an item already hidden or removed). Opens the report dialog; the focus comes back
 * here when it closes.
 */
export function ReportButton({
  moderation,
  isSubtle = false,
  ...target
}: ReportTarget & {
  /** The item's moderation: an item hidden or removed cannot be reported. */
  moderation?: ModerationState | undefined;
  /** Beside each of many texts (questions, messages, reviews): a quieter button. */
  isSubtle?: boolean;
}) {
  const viewerId = useSession().user?.id;
  const toast = useToast();
  const [dialog, setDialog] = useState<{ Dialog: typeof ReportDialog } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const isLoading = useRef(false);
  const wasOpen = useRef(false);
  useEffect(() => {
    // After the dialog is gone, however it closed (sent, Cancel, Escape).
    if (wasOpen.current && !dialog) button.current?.focus();
    wasOpen.current = dialog !== null;
  }, [dialog]);

  if (viewerId === undefined || viewerId === target.authorId || moderation) return null;

  const open = async () => {
    if (isLoading.current) return;
    isLoading.current = true;
    try {
      setDialog({ Dialog: (await loadReportDialog()).ReportDialog });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      isLoading.current = false;
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={isSubtle ? 'btn btn-ghost btn-xs' : 'btn btn-outline btn-sm'}
        aria-label={`Report ${target.what}`}
        aria-haspopup="dialog"
        onClick={open}
      >
        Report
      </button>
      {/* Under <body>: the button sits in a line of text or a live list, the dialog may not. */}
      {dialog &&
        createPortal(
          <dialog.Dialog target={target} onClose={() => setDialog(null)} />,
          document.body,
        )}
    </>
  );
}
