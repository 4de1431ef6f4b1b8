import { Link } from '../../lib/link.tsx';
import { paths } from '../../lib/paths.ts';

/** A person's name linking to their public profile (issue 9): posters and bidders, everywhere. */
export function UserLink({ user }: { user: { _id: string; name: string } }) {
  return (
    <Link to={paths.userProfile(user._id)} className="link link-hover font-semibold wrap-anywhere">
      {user.name}
    </Link>
  );
}
