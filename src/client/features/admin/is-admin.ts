import type { Role } from '../../../shared/moderation.ts';
import type { SessionUser } from '../../lib/session.tsx';

const ADMIN: Role = 'admin';

/**
 * Whether the signed-in user is one of Tasklane's operators (issue 20): the session's `role`,
 * which Better Auth's admin plugin adds to the user. Only what the page shows follows it; every
 * /api/admin call is checked by the server.
 */
export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === ADMIN;
}
