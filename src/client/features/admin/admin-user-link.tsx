import { Link } from '../../lib/link.tsx';

/**
 * /admin/users/:id (issue 20): what an operator sees of one user. Built here rather than in
 * lib/paths.ts, which the app shell (and so the home page's JavaScript) carries.
 */
export const adminUserPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/** A person's name in the console, linking to the operator's page about them. */
export function AdminUserLink({ user }: { user: { _id: string; name: string } }) {
  return (
    <Link to={adminUserPath(user._id)} className="link link-hover font-semibold wrap-anywhere">
      {user.name}
    </Link>
  );
}
