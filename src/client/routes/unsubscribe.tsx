import { useSearchParams } from 'react-router';
import { Link } from '../lib/link.tsx';
import { MAIL_KIND_LABELS, MAIL_KINDS, type MailKind } from '../../shared/mail-preferences.ts';
import { AccountCard } from '../components/account-card.tsx';
import { OneClickAction } from '../components/one-click.tsx';
import { mailApi } from '../features/mail/mail-api.ts';
import { paths } from '../lib/paths.ts';

/**
 * /unsubscribe?u=…&k=…&s=… (issue 19), from the link at the foot of a mail: one button turns
 * that kind of mail off, signed in or not.
 */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  const kind = params.get('k') as MailKind | null;
  const known = kind !== null && MAIL_KINDS.includes(kind);
  return (
    <AccountCard title="Unsubscribe">
      <OneClickAction
        action={() => mailApi.unsubscribe(params.toString())}
        label="Unsubscribe"
        busyLabel="Unsubscribing…"
      >
        <p>
          Stop emails for{' '}
          <strong>{known ? `“${MAIL_KIND_LABELS[kind]}”` : 'this kind of mail'}</strong>?
        </p>
      </OneClickAction>
      <Link to={paths.mailSettings} className="link">
        All email settings
      </Link>
    </AccountCard>
  );
}
