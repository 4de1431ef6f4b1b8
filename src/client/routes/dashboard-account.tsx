import { useState } from 'react';
import { Link } from '../lib/link.tsx';
import { z } from 'zod';
import { EMAIL_MESSAGES } from '../../shared/account-email.ts';
import { BRAND } from '../../shared/brand.ts';
import { AUTH_MESSAGES, passwordSchema } from '../../shared/accounts.ts';
import { PasswordField, SubmitButton } from '../components/form-field.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { accountApi } from '../features/accounts/account-api.ts';
import { ChangeEmailForm } from '../features/accounts/change-email-form.tsx';
import { DeleteAccount } from '../features/accounts/delete-account.tsx';
import { deviceName, type DeviceSession } from '../features/accounts/devices.ts';
import { formatDeadline } from '../lib/format.ts';
import { apiPaths, paths } from '../lib/paths.ts';
import { useRouteData } from '../lib/route-data.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, useForm } from '../lib/use-form.ts';

const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired),
  newPassword: passwordSchema,
});

async function loadDevices(): Promise<{ devices: DeviceSession[]; currentId?: string }> {
  const [devices, currentId] = await Promise.all([
    accountApi.devices(),
    accountApi.currentSessionId(),
  ]);
  return { devices, currentId };
}

async function loadAccount() {
  const [devices, hasPassword] = await Promise.all([loadDevices(), accountApi.hasPassword()]);
  return { ...devices, hasPassword };
}

/**
 * /dashboard/account (issue 19): change the password (the current one required; every other
 * device signed out) and the email (once the new address is verified), download my data, the
 * devices signed in, with "Sign out everywhere else", and delete the account.
 */
export default function DashboardAccount() {
  const { user } = useSession();
  const toast = useToast();
  const { hasPassword, ...loaded } = useRouteData('account', loadAccount);
  const [{ devices, currentId }, setDevices] = useState(loaded);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const form = useForm(changePasswordSchema, { currentPassword: '', newPassword: '' });

  // A password change gives this device a new session: read both again.
  const reloadDevices = async () => setDevices(await loadDevices());

  const changePassword = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await accountApi.changePassword(currentPassword, newPassword);
      form.reset();
      toast.success(EMAIL_MESSAGES.passwordChanged);
      await reloadDevices();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const signOutElsewhere = async () => {
    setIsSigningOut(true);
    try {
      await accountApi.signOutElsewhere();
      toast.success(EMAIL_MESSAGES.signedOutElsewhere);
      await reloadDevices();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsSigningOut(false);
    }
  };

  return (
    <div className="max-w-2xl space-y-8">
      <PageTitle name="Account" />
      <h1 className="text-3xl font-bold">Account</h1>
      <p>
        Signed in as <strong className="wrap-anywhere">{user?.email}</strong>.{' '}
        <Link to={paths.mailSettings} className="link">
          Email settings
        </Link>
      </p>

      <section aria-labelledby="email-heading" className="card bg-base-200">
        <div className="card-body gap-3">
          <h2 id="email-heading" className="card-title">
            Change email
          </h2>
          <ChangeEmailForm />
        </div>
      </section>

      {hasPassword && (
        <section aria-labelledby="password-heading" className="card bg-base-200">
          <div className="card-body gap-3">
            <h2 id="password-heading" className="card-title">
              Change password
            </h2>
            <form
              noValidate
              onSubmit={changePassword}
              className="space-y-3"
              aria-label="Change password"
            >
              <PasswordField
                label="Current password"
                autoComplete="current-password"
                {...form.field('currentPassword')}
              />
              <PasswordField
                label="New password"
                autoComplete="new-password"
                {...form.field('newPassword')}
              />
              <SubmitButton busy={form.isSubmitting} busyLabel="Saving…">
                Change password
              </SubmitButton>
            </form>
          </div>
        </section>
      )}

      <section aria-labelledby="data-heading" className="card bg-base-200">
        <div className="card-body gap-3">
          <h2 id="data-heading" className="card-title">
            Your data
          </h2>
          <p>
            One JSON file of everything {BRAND} stores about you: your profile, tasks, offers,
            conversations, questions, reviews, notifications and settings.
          </p>
          <a href={apiPaths.myExport} download className="btn btn-outline self-start">
            Download my data
          </a>
        </div>
      </section>

      <section aria-labelledby="devices-heading" className="card bg-base-200">
        <div className="card-body gap-3">
          <h2 id="devices-heading" className="card-title">
            Signed-in devices
          </h2>
          <ul className="divide-y divide-base-300" aria-label="Signed-in devices">
            {devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center gap-2 py-2">
                <span className="font-semibold">{deviceName(device.userAgent)}</span>
                <span className="text-sm">
                  since {formatDeadline(device.createdAt.slice(0, 10))}
                </span>
                {device.id === currentId && (
                  <span className="badge badge-primary">This device</span>
                )}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-outline self-start"
            onClick={signOutElsewhere}
            disabled={isSigningOut || devices.length < 2}
          >
            {isSigningOut ? 'Signing out…' : 'Sign out everywhere else'}
          </button>
        </div>
      </section>

      <section aria-labelledby="delete-heading" className="card border border-error">
        <div className="card-body gap-3">
          <h2 id="delete-heading" className="card-title">
            Delete account
          </h2>
          <DeleteAccount hasPassword={hasPassword} />
        </div>
      </section>
    </div>
  );
}
