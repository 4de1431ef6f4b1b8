import { useState, type FormEvent } from 'react';
import {
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  MAIL_MODE_LABELS,
  MAIL_MODES,
  MAIL_PREFERENCE_MESSAGES,
  type MailPreferences,
} from '../../shared/mail-preferences.ts';
import { PageTitle } from '../components/page-title.tsx';
import { useToast } from '../components/toaster.tsx';
import { mailApi } from '../features/mail/mail-api.ts';
import { useRouteData } from '../lib/route-data.ts';
import { errorMessage } from '../lib/use-form.ts';

/**
 * /dashboard/notifications/settings (issue 19): for each kind of mail, instant, a daily digest
 * or off. Security emails are always sent, and the page says so.
 */
export default function DashboardMailSettings() {
  const loaded = useRouteData('mail-settings', () => mailApi.preferences());
  const [modes, setModes] = useState<MailPreferences>(loaded);
  const [isSaving, setIsSaving] = useState(false);
  const toast = useToast();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    try {
      setModes(await mailApi.savePreferences(modes));
      toast.success(MAIL_PREFERENCE_MESSAGES.saved);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <section className="max-w-2xl space-y-6">
      <PageTitle name="Email Settings" />
      <h1 className="text-3xl font-bold">Email Settings</h1>
      <p>
        Choose which emails you get, and when. Emails about your account’s security (a password
        reset, verifying your address, a changed password or email) are always sent.
      </p>
      <form onSubmit={save} aria-label="Email settings" className="space-y-4">
        {MAIL_KINDS.map((kind) => (
          <fieldset key={kind} className="rounded-box border border-base-300 p-3">
            <legend className="px-1 font-semibold">{MAIL_KIND_LABELS[kind]}</legend>
            <div className="flex flex-wrap gap-4">
              {MAIL_MODES.map((mode) => (
                <label key={mode} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    className="radio radio-primary radio-sm"
                    name={kind}
                    value={mode}
                    checked={modes[kind] === mode}
                    onChange={() => setModes((current) => ({ ...current, [kind]: mode }))}
                  />
                  {MAIL_MODE_LABELS[mode]}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save settings'}
        </button>
      </form>
    </section>
  );
}
