import { request } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';
import type { DeviceSession } from './devices.ts';

const auth = (path: string) => `${apiPaths.authBase}${path}`;

/** Issue 19: Better Auth's reset and verification calls, answered as JSON. */
export const accountApi = {
  requestPasswordReset: (email: string) =>
    request<{ status: boolean }>('POST', auth('/request-password-reset'), { email }),
  resetPassword: (token: string, newPassword: string) =>
    request<{ status: boolean }>('POST', auth('/reset-password'), { token, newPassword }),
  verifyEmail: (token: string) =>
    request<{ status: boolean }>('GET', auth(`/verify-email?token=${encodeURIComponent(token)}`)),
  resendVerification: (email: string) =>
    request<{ status: boolean }>('POST', auth('/send-verification-email'), { email }),
  changePassword: (currentPassword: string, newPassword: string) =>
    request<unknown>('POST', auth('/change-password'), {
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    }),
  devices: () => request<DeviceSession[]>('GET', auth('/list-sessions')),
  currentSessionId: async () =>
    (await request<{ session: { id: string } } | null>('GET', apiPaths.session))?.session.id,
  changeEmail: (newEmail: string) =>
    request<{ status: boolean }>('POST', auth('/change-email'), { newEmail }),
  /** Whether the account has a password (else it signs in with Google only). */
  hasPassword: async () =>
    (await request<{ providerId: string }[]>('GET', auth('/list-accounts'))).some(
      (account) => account.providerId === 'credential',
    ),
  deleteAccount: (password: string | undefined) =>
    request<{ message: string }>('POST', apiPaths.deleteAccount, { password }),
  signOutElsewhere: () => request<unknown>('POST', auth('/revoke-other-sessions'), {}),
};
