import { useRef, useState, useTransition } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../components/form-field.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { adminApi, type AdminUser } from '../features/admin/admin-api.ts';
import { plural } from '../features/admin/admin-format.ts';
import {
  userHeadingId,
  UserCard,
  useUserActions,
  type UserActionRequest,
} from '../features/admin/user-card.tsx';
import { useFocusById } from '../features/admin/use-focus-by-id.ts';
import { SAME_PAGE_STATE } from '../lib/navigation-state.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage } from '../lib/use-form.ts';

/**
 * /admin/users (issue 20): accounts found by name or email (the newest 50 without a search), each
 * with Warn, Suspend, Ban, Lift and a change of role, every one with a reason, and its name
 * leading to the operator's page about them (/admin/users/:id).
 */
export default function AdminUsers() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const loaded = useRouteData('admin-users', () => adminApi.findUsers(query));
  // The list as read again after an action, for the search it was read for.
  const [reread, setReread] = useState<{ of: AdminUser[]; users: AdminUser[] } | null>(null);
  const users = reread?.of === loaded ? reread.users : loaded;
  const [typed, setTyped] = useState(query);
  const actedOn = useRef<AdminUser | null>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const focusLater = useFocusById();
  const selfId = useSession().user?.id;
  const [isPending, startTransition] = useTransition();

  const refresh = async () => {
    try {
      const fresh = await adminApi.findUsers(query);
      // The button used may be gone (Suspend become Lift): the focus goes to the user's name.
      if (actedOn.current) focusLater(userHeadingId(actedOn.current));
      setReread({ of: loaded, users: fresh });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const userActions = useUserActions(refresh);

  const act = (user: AdminUser, request: UserActionRequest) => {
    actedOn.current = user;
    userActions.act(user, request);
  };

  return (
    <section aria-labelledby="admin-users-heading" className="space-y-4">
      <PageTitle name="Admin: Users" />
      <h2 id="admin-users-heading" className="text-2xl font-bold">
        Users
      </h2>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const url = paths.adminUsers(typed.trim());
          // The page stays, with what was typed and the last list shown (a transition) until
          // the new search's is read.
          startTransition(() => navigate(url, { state: SAME_PAGE_STATE }));
        }}
      >
        <div className="min-w-0 flex-1 basis-60">
          <FormField
            label="Search users"
            type="search"
            name="q"
            placeholder="Name or email"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <p role="status">
        {query
          ? `${plural(users.length, 'user')} found for “${query}”.`
          : `The ${plural(users.length, 'newest user')}.`}
      </p>
      {users.length > 0 && (
        <ul
          aria-label="Users found"
          aria-busy={isPending}
          className={`space-y-3 ${isPending ? 'opacity-60' : ''}`}
        >
          {users.map((user) => (
            <li key={user._id}>
              <UserCard
                user={user}
                isSelf={user._id === selfId}
                onAction={(request) => act(user, request)}
              />
            </li>
          ))}
        </ul>
      )}
      {userActions.dialog}
    </section>
  );
}
