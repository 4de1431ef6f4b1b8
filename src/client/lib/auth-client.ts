import { createAuthClient } from 'better-auth/react';
import { apiPaths } from './paths.ts';

/** Better Auth's client, loaded only by the pages that sign in, sign up or edit the profile. */
export const authClient = createAuthClient({ basePath: apiPaths.authBase });
