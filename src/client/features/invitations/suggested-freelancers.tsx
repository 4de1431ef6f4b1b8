import { useEffect, useId, useState } from 'react';
import type { DirectoryItem } from '../../../shared/freelancer-directory.ts';
import type { Task } from '../../../shared/tasks.ts';
import { PanelForm } from '../../components/panel-form.tsx';
import { SkillChips } from '../../components/skill-chips.tsx';
import { Link } from '../../lib/link.tsx';
import { paths } from '../../lib/paths.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { UserLink } from '../profiles/user-link.tsx';
import { RatingSummary } from '../reviews/rating-summary.tsx';
import { invitationsApi } from './invitations-api.ts';
import { InvitationNoteField } from './invitation-note-field.tsx';
import { useInvitationForm } from './use-invitation-form.ts';

/**
 * Issue 50, "Invite freelancers" on an open task's page, for its poster: up to five freelancers
 * who share its skills (the server leaves out whom they invited, bidders and whom the directory
 * never lists), each with Invite and an optional note, and the directory filtered by the task's
 * first skill. `invitedCount` changes when an invitation is sent, and the list is read again.
 */
export function SuggestedFreelancers({
  task,
  invitedCount,
  onInvited,
}: {
  task: Task;
  invitedCount: number;
  onInvited(): Promise<void>;
}) {
  const [items, setItems] = useState<DirectoryItem[]>([]);
  const headingId = useId();
  const heading = useFocusLater<HTMLHeadingElement>();
  const firstSkill = task.skills?.[0];
  useEffect(() => {
    invitationsApi.suggested(task._id).then(setItems, () => setItems([]));
  }, [task._id, task.bidsCount, invitedCount]);

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 ref={heading.ref} tabIndex={-1} id={headingId} className="text-xl font-semibold">
        Invite freelancers
      </h2>
      {items.length > 0 ? (
        <ul className="divide-y divide-base-300 rounded-box bg-base-200 px-4">
          {items.map((item) => (
            <Suggestion
              key={item._id}
              item={item}
              taskId={task._id}
              onInvited={async () => {
                heading.request();
                await onInvited();
              }}
            />
          ))}
        </ul>
      ) : (
        <p>No one with this task&rsquo;s skills to suggest right now.</p>
      )}
      <p>
        <Link
          to={firstSkill ? paths.freelancersWithSkill(firstSkill) : paths.freelancers}
          className="link"
        >
          {firstSkill ? `Find more freelancers skilled in ${firstSkill}` : 'Find freelancers'}
        </Link>
      </p>
    </section>
  );
}

function Suggestion({
  item,
  taskId,
  onInvited,
}: {
  item: DirectoryItem;
  taskId: string;
  onInvited(): Promise<void>;
}) {
  const [isOpen, setOpen] = useState(false);
  const opener = useFocusLater<HTMLButtonElement>();
  const form = useInvitationForm(() => void onInvited());

  return (
    <li className="space-y-2 py-3 wrap-anywhere">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <UserLink user={item} />
        {!isOpen && (
          <button
            type="button"
            ref={opener.ref}
            className="btn btn-primary btn-sm"
            aria-label={`Invite ${item.name}`}
            onClick={() => setOpen(true)}
          >
            Invite
          </button>
        )}
      </div>
      {item.headline && <p>{item.headline}</p>}
      <SkillChips skills={item.skills} />
      <p className="text-sm">
        <RatingSummary average={item.rating.average} count={item.rating.count} />
        {' · '}
        {item.jobsCompleted} completed
      </p>
      {isOpen && (
        <PanelForm
          name={`Invite ${item.name} to this task`}
          submitLabel="Send invitation"
          isSubmitting={form.isSending}
          onSubmit={(event) => void form.send(event, taskId, item._id)}
          onCancel={() => {
            setOpen(false);
            opener.request();
          }}
        >
          <InvitationNoteField form={form} />
        </PanelForm>
      )}
    </li>
  );
}
