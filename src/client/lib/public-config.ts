import type { PublicConfig } from '../../shared/public-config.ts';
import { ApiError, fetchOrUnreachable } from './api-error.ts';
import { apiPaths } from './paths.ts';

/**
 * GET /api/config (issue 8). Apart from api.ts: only the login and signup pages ask, and the task
 * pages' API module stays out of their code.
 */
export async function loadPublicConfig(): Promise<PublicConfig> {
  const response = await fetchOrUnreachable(apiPaths.publicConfig, { credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, response.statusText);
  return (await response.json()) as PublicConfig;
}
