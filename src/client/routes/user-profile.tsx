import { useParams } from 'react-router';
import { BackButton } from '../components/back-button.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { InviteButton } from '../features/invitations/invite-button.tsx';
import { BlockControl } from '../features/moderation/block-control.tsx';
import { ReportButton } from '../features/moderation/report-button.tsx';
import { getProfile } from '../features/profiles/profiles-api.ts';
import { PortfolioGrid } from '../features/profiles/portfolio-grid.tsx';
import { ProfileView } from '../features/profiles/profile-view.tsx';
import { Link } from '../lib/link.tsx';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';

/** Issue 50: on one's own profile, the way to what it says of one as a freelancer. */
function OwnProfileLink({ userId }: { userId: string }) {
  const { user } = useSession();
  if (user?.id !== userId) return null;
  return (
    <Link to={paths.dashboardFreelancerProfile} className="btn btn-outline btn-sm">
      Edit freelancer profile
    </Link>
  );
}

/**
 * /users/:id (issue 9): a public profile, open to everyone; an unknown id is the 404 page. A
 * signed-in viewer may block or unblock the user there, and report them (issue 20).
 */
export default function UserProfile() {
  const { id = '' } = useParams();
  const profile = useRouteData('profile', () => getProfile(id));
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <PageTitle name={profile.name} />
      <BackButton />
      <ProfileView
        profile={profile}
        portfolio={<PortfolioGrid key={profile._id} userId={profile._id} />}
        actions={
          <div className="flex flex-wrap gap-2 pt-1">
            <InviteButton freelancer={profile} />
            <OwnProfileLink userId={profile._id} />
            <BlockControl user={profile} />
            <ReportButton
              itemType="user"
              itemId={profile._id}
              authorId={profile._id}
              what={profile.name}
              moderation={profile.moderation}
            />
          </div>
        }
      />
    </div>
  );
}
