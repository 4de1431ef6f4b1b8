import {
  freelancerProfileSchema,
  skillCategoriesSchema,
  type FreelancerProfileInput,
} from '../../../shared/freelancer-profiles.ts';
import { directoryResultSchema } from '../../../shared/freelancer-directory.ts';
import { requestAs } from '../../lib/api.ts';

const MINE = '/api/me/freelancer-profile';

/** Issue 50: my freelancer profile, and the curated skills of each category. */
export const freelancerProfileApi = {
  /** Issue 50: a page of the freelancer directory. */
  directory: (params: URLSearchParams) =>
    requestAs(directoryResultSchema, 'GET', `/api/freelancers?${params}`),
  mine: () => requestAs(freelancerProfileSchema, 'GET', MINE),
  save: (input: FreelancerProfileInput) => requestAs(freelancerProfileSchema, 'PUT', MINE, input),
  skills: async () => (await requestAs(skillCategoriesSchema, 'GET', '/api/skills')).categories,
};
