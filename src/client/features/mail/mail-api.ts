import {
  mailPreferencesSchema,
  type MailKind,
  type MailMode,
} from '../../../shared/mail-preferences.ts';
import { request, requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

/** Issue 19: my email settings, and the one-click unsubscribe of a mail's link. */
export const mailApi = {
  preferences: () => requestAs(mailPreferencesSchema, 'GET', apiPaths.mailPreferences),
  savePreferences: (modes: Partial<Record<MailKind, MailMode>>) =>
    requestAs(mailPreferencesSchema, 'PUT', apiPaths.mailPreferences, modes),
  unsubscribe: (query: string) =>
    request<{ message: string }>('POST', `${apiPaths.unsubscribe}?${query}`, {}),
};
