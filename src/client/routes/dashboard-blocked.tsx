import { useState } from 'react';
import { Avatar } from '../components/avatar.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useBlockActions } from '../features/moderation/block-control.tsx';
import { blocksApi, type BlockedUser } from '../features/moderation/blocks-api.ts';
import { UserLink } from '../features/profiles/user-link.tsx';
import { formatDate } from '../lib/format.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useFocusLater } from '../lib/use-focus-later.ts';

export const NO_BLOCKS_MESSAGE = 'You have not blocked anyone.';

/**
 * /dashboard/blocked (issue 20): the users I blocked, most recent first, each with Unblock.
 * Blocking happens on a profile or in a conversation.
 */
export default function DashboardBlocked() {
  const loaded = useRouteData('blocks', () => blocksApi.listMyBlocks());
  const [blocked, setBlocked] = useState(loaded);
  const { unblock } = useBlockActions();
  // The unblocked user's item (and its button) goes: the focus goes to the heading.
  const heading = useFocusLater<HTMLHeadingElement>();

  const unblockUser = async (user: BlockedUser) => {
    if (!(await unblock(user))) return;
    heading.request();
    setBlocked((current) => current.filter((other) => other._id !== user._id));
  };

  return (
    <section className="max-w-2xl space-y-6">
      <PageTitle name="Blocked users" />
      <h1 ref={heading.ref} tabIndex={-1} className="text-3xl font-bold">
        Blocked users
      </h1>
      <p>
        You and the people you block cannot make offers on each other&apos;s tasks, ask or reply
        about them, or message each other. They are not told.
      </p>
      {blocked.length === 0 ? (
        <p className="rounded-box bg-base-200 p-10 text-center">{NO_BLOCKS_MESSAGE}</p>
      ) : (
        <ul
          aria-label="Blocked users"
          className="divide-y divide-base-300 rounded-box border border-base-300"
        >
          {blocked.map((user) => (
            <li key={user._id} className="flex flex-wrap items-center gap-3 p-3">
              <Avatar user={user} size="w-12" isDecorative />
              <div className="min-w-0 flex-1">
                <UserLink user={user} />
                <p className="text-sm">
                  Blocked on <time dateTime={user.blockedAt}>{formatDate(user.blockedAt)}</time>
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Unblock ${user.name}`}
                onClick={() => unblockUser(user)}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
