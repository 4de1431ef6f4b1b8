import { createAuthClient } from 'better-auth/react';
import { fetchOrUnreachable } from './api-error.ts';
import { apiPaths } from './paths.ts';

/**
 * Better Auth's client, loaded only by the pages that sign in, sign up or edit the profile.
 * Without an answer from the server its calls fail with our message, not "Failed to fetch".
 */
export const authClient = createAuthClient({
  basePath: apiPaths.authBase,
  fetchOptions: { customFetchImpl: fetchOrUnreachable },
});
