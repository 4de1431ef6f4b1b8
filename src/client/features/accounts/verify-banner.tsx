import { useState } from 'react';
import { EMAIL_MESSAGES } from '../../../shared/account-email.ts';
import { useToast } from '../../components/toaster.tsx';
import { useSession } from '../../lib/session.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { accountApi } from './account-api.ts';

/**
 * Issue 19: until the signed-in user's address is verified, the dashboard says so, with a
 * button that mails a new link.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const toast = useToast();
  const [isSending, setIsSending] = useState(false);
  if (!user || user.emailVerified !== false) return null;

  const resend = async () => {
    setIsSending(true);
    try {
      await accountApi.resendVerification(user.email);
      toast.success(EMAIL_MESSAGES.verificationSent);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div role="region" aria-label="Email verification" className="alert alert-warning mb-6">
      <p>{EMAIL_MESSAGES.verifyBanner}</p>
      <button type="button" className="btn btn-sm" onClick={resend} disabled={isSending}>
        {isSending ? 'Sending…' : 'Resend'}
      </button>
    </div>
  );
}
