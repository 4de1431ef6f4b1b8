import { useId, useState } from 'react';
import type { Offer, OfferInput } from '../../../shared/offers.ts';
import { TASK_MESSAGES, youBidForMessage } from '../../../shared/task-rules.ts';
import type { Task } from '../../../shared/tasks.ts';
import { useDialog } from '../../components/dialogs.tsx';
import { useToast } from '../../components/toaster.tsx';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { errorMessage, withReason } from '../../lib/use-form.ts';
import { OfferConversation } from '../conversations/offer-conversation.tsx';
import { RefusalNotes, RefusedAction } from '../tasks/owner-actions.tsx';
import { whyNot } from '../tasks/task-permissions.ts';
import { useTaskAction } from '../tasks/use-task-action.ts';
import { OfferDetails } from './offer-details.tsx';
import { OfferForm } from './offer-form.tsx';
import { CLOSED_OFFER_REASONS, OFFER_TOASTS } from './offer-messages.ts';
import { offersApi } from './offers-api.ts';

export const WITHDRAW_CONFIRM = {
  title: 'Withdraw your offer?',
  text: 'The poster will no longer see it. You can make a new offer while the task is open.',
  confirmText: 'Yes, withdraw it',
  isDestructive: true,
  icon: 'warning',
} as const;

/**
 * The freelancer's side of a task (issue 9, spec §4 "Bid counter"): 'You bid for N
 * opportunities.', Place Bid opening the offer form, their pending offer with Edit and Withdraw,
 * or why no offer can be made (the task's status, or their earlier offer).
 */
export function BidPanel({
  task,
  myOffer,
  userId,
  refresh,
}: {
  task: Task;
  /** Their offer on the task, if they made one (the API gives nobody else's). */
  myOffer: Offer | null;
  userId: string;
  refresh(): Promise<void>;
}) {
  const toast = useToast();
  const dialog = useDialog();
  const runAction = useTaskAction(refresh);
  const [mode, setMode] = useState<'closed' | 'new' | 'edit'>('closed');
  const heading = useFocusLater<HTMLHeadingElement>();
  const opener = useFocusLater<HTMLButtonElement>();
  const id = useId();

  // A withdrawn offer is as good as none: a new one may be made while the task is open.
  const offer = myOffer && myOffer.status !== 'withdrawn' ? myOffer : null;
  const isPending = offer?.status === 'pending';
  // An offer changes only while the task takes offers; a new one is refused by the task's status
  // or by their earlier offer on it (declined, or hired once). The hired freelancer needs neither.
  const taskRefusal = whyNot('offer', task, userId);
  // An offer declined because someone else was hired is refused by the task, not the poster's no.
  const closedReason =
    offer && offer.declinedBecause !== 'hired' ? CLOSED_OFFER_REASONS[offer.status] : undefined;
  const newOfferRefusal = offer ? (closedReason ?? taskRefusal) : taskRefusal;

  const close = () => {
    setMode('closed');
    opener.request();
  };

  async function makeOffer(input: OfferInput): Promise<string | null> {
    try {
      await offersApi.makeOffer(task._id, input);
    } catch (error) {
      // spec §8: 'Failed to place bid.', then why (issue 47); the form says why too (issue 9).
      toast.error(withReason(TASK_MESSAGES.bidFailed, error));
      return errorMessage(error);
    }
    toast.success(TASK_MESSAGES.bidPlaced);
    setMode('closed');
    heading.request();
    await refresh();
    return null;
  }

  async function editOffer(input: OfferInput): Promise<string | null> {
    if (!offer) return null;
    try {
      const { modifiedCount } = await offersApi.editOffer(offer._id, input);
      if (modifiedCount > 0) toast.success(OFFER_TOASTS.updated);
      else toast.info(TASK_MESSAGES.noChanges);
    } catch (error) {
      return errorMessage(error);
    }
    close();
    await refresh();
    return null;
  }

  async function withdrawOffer() {
    if (!offer || !(await dialog.confirm(WITHDRAW_CONFIRM))) return;
    opener.request();
    await runAction(() => offersApi.withdrawOffer(offer._id), OFFER_TOASTS.withdrawn);
  }

  // A block withdraws my pending offer, taking the conversation (and the focus) away with it.
  async function afterBlock() {
    if (isPending) heading.request();
    await refresh();
  }

  // The one way forward: edit the pending offer, or make one; either may be refused, saying why.
  // The hired freelancer has neither (their offer is accepted).
  const next =
    offer?.status === 'accepted'
      ? null
      : isPending
        ? { label: 'Edit offer', mode: 'edit' as const, refusal: taskRefusal }
        : { label: 'Place Bid', mode: 'new' as const, refusal: newOfferRefusal };
  const reasonId = `${id}-reason`;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={`${id}-heading`} ref={heading.ref} tabIndex={-1} className="text-xl font-semibold">
        {offer ? 'Your offer' : 'Bid on this task'}
      </h2>
      {/* Announced when it changes (spec §4: a bid raises it by one). */}
      <p aria-live="polite" className="font-medium">
        {youBidForMessage(task.bidsCount)}
      </p>
      {offer && mode !== 'edit' && <OfferDetails offer={offer} />}
      {mode === 'new' && (
        <OfferForm
          name="Your offer"
          initialValues={{ amount: String(task.budget), message: '' }}
          submitLabel="Send offer"
          onSubmit={makeOffer}
          onCancel={close}
        />
      )}
      {mode === 'edit' && offer && (
        <OfferForm
          name="Edit your offer"
          initialValues={{ amount: String(offer.amount), message: offer.message }}
          submitLabel="Save offer"
          onSubmit={editOffer}
          onCancel={close}
        />
      )}
      {mode === 'closed' && (
        <div className="flex flex-wrap gap-2">
          {next?.refusal ? (
            <RefusedAction label={next.label} reasonId={reasonId} />
          ) : (
            next && (
              <button
                ref={opener.ref}
                type="button"
                className="btn btn-primary"
                onClick={() => setMode(next.mode)}
              >
                {next.label}
              </button>
            )
          )}
          {isPending && (
            <button type="button" className="btn btn-outline" onClick={withdrawOffer}>
              Withdraw offer
            </button>
          )}
        </div>
      )}
      <RefusalNotes
        notes={next?.refusal && mode === 'closed' ? [{ id: reasonId, text: next.refusal }] : []}
      />
      {/* Issue 10: their conversation with the poster about this offer, before and after a hire. */}
      {offer && (
        <OfferConversation
          task={task}
          offer={offer}
          userId={userId}
          headingLevel={3}
          onBlocked={afterBlock}
        />
      )}
    </section>
  );
}
