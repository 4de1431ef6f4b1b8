import { useSearchParams } from 'react-router';
import { AccountCard } from '../components/account-card.tsx';
import { OneClickAction } from '../components/one-click.tsx';
import { request } from '../lib/api.ts';
import { apiPaths } from '../lib/paths.ts';

/** /newsletter/confirm?token=… (issue 19), from the double opt-in mail. */
export default function NewsletterConfirm() {
  const [params] = useSearchParams();
  const confirm = () =>
    request<{ message: string }>('POST', apiPaths.newsletterConfirm, {
      token: params.get('token') ?? '',
    });
  return (
    <AccountCard title="Newsletter" heading="Confirm your subscription">
      <OneClickAction action={confirm} label="Confirm my subscription" busyLabel="Confirming…" />
    </AccountCard>
  );
}
