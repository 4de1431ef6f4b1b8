import { profileSchema, profileSummarySchema } from '../../../shared/profiles.ts';
import { requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

/** GET /api/users/:id: a public profile (issue 9). */
export const getProfile = (userId: string) =>
  requestAs(profileSchema, 'GET', apiPaths.user(userId));

/** GET /api/users/:id/summary: what a task page shows of its poster. */
export const getProfileSummary = (userId: string) =>
  requestAs(profileSummarySchema, 'GET', apiPaths.userSummary(userId));
