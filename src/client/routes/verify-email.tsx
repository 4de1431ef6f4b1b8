import { useSearchParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { AccountCard } from '../components/account-card.tsx';
import { accountApi } from '../features/accounts/account-api.ts';
import { paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';

/**
 * /verify-email?token=… (issue 19), from the mailed link: the address is verified (and the
 * browser signed in, as Better Auth does after verification), or the link is refused.
 */
export default function VerifyEmail() {
  const [params] = useSearchParams();
  const { refresh } = useSession();
  const token = params.get('token') ?? '';
  const verified = useRouteData('verify-email', async () => {
    if (!token) return false;
    try {
      await accountApi.verifyEmail(token);
      await refresh();
      return true;
    } catch {
      return false;
    }
  });

  return (
    <AccountCard title="Verify email" heading="Verify your email">
      <p role={verified ? 'status' : 'alert'}>
        {verified ? EMAIL_MESSAGES.verified : EMAIL_MESSAGES.verifyLinkBad}
      </p>
      <Link to={paths.dashboard} className="btn btn-primary">
        Go to the dashboard
      </Link>
    </AccountCard>
  );
}
