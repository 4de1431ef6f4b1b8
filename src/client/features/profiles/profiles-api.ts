import { profileSchema } from '../../../shared/profiles.ts';
import { requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

/** GET /api/users/:id: a public profile (issue 9). */
export const getProfile = (userId: string) =>
  requestAs(profileSchema, 'GET', apiPaths.user(userId));
