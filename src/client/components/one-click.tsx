import { useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/use-form.ts';

/**
 * A page's one action behind one button, for the links mails carry (issue 19: unsubscribe,
 * confirm a newsletter): opening the page changes nothing, since link checkers open links too;
 * the button does it and the server's answer replaces it.
 */
export function OneClickAction({
  action,
  label,
  busyLabel,
  children,
}: {
  action: () => Promise<{ message: string }>;
  label: string;
  busyLabel: string;
  /** What the button will do, shown above it. */
  children?: ReactNode;
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const [isSending, setIsSending] = useState(false);

  const run = async () => {
    setIsSending(true);
    try {
      setOutcome({ ok: true, message: (await action()).message });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    } finally {
      setIsSending(false);
    }
  };

  if (outcome) return <p role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</p>;
  return (
    <>
      {children}
      <button type="button" className="btn btn-primary" onClick={run} disabled={isSending}>
        {isSending ? busyLabel : label}
      </button>
    </>
  );
}
