import { expect } from 'vitest';
import type { SavedSearch } from '../../src/shared/search.ts';
import { call } from './marketplace.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** Saved searches of issue 11 driven through the API. */

export const SAVED_SEARCHES_PATH = '/api/me/saved-searches';

/** Saves a search for the user, expecting 201; returns its id. */
export async function saveSearch(
  t: TestApp,
  user: TestUser,
  name: string,
  query: Record<string, unknown> = {},
): Promise<string> {
  const answer = await call(t, 'POST', SAVED_SEARCHES_PATH, user, { name, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { insertedId: string }).insertedId;
}

export async function listSavedSearches(t: TestApp, user: TestUser): Promise<SavedSearch[]> {
  const answer = await call(t, 'GET', SAVED_SEARCHES_PATH, user);
  expect(answer.status).toBe(200);
  return answer.body as SavedSearch[];
}

export async function deleteSavedSearches(t: TestApp, user: TestUser): Promise<void> {
  for (const search of await listSavedSearches(t, user)) {
    const answer = await call(t, 'DELETE', `${SAVED_SEARCHES_PATH}/${search._id}`, user);
    expect(answer.status).toBe(200);
  }
}
