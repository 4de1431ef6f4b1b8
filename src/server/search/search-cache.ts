import type { TaskSearchResult } from '../../shared/search.ts';

/**
 * Answers of searches kept by the process, each with the database's change token at the time it
 * was read (search.store.ts): an answer is reused only while the database has written nothing
 * since, so it is never stale. Popular searches (Browse as it opens, a category) are then as
 * cheap as reading one task, whatever the number of tasks. Least recently used go first.
 */
export interface SearchCache {
  get(key: string, token: string): TaskSearchResult | undefined;
  set(key: string, token: string, answer: TaskSearchResult): void;
}

export function createSearchCache(size: number): SearchCache {
  const entries = new Map<string, { token: string; answer: TaskSearchResult }>();
  return {
    get(key, token) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.token !== token) return undefined;
      // Map order is insertion order: re-inserting keeps the least recently used first.
      entries.set(key, entry);
      return entry.answer;
    },
    set(key, token, answer) {
      if (size <= 0) return;
      entries.delete(key);
      entries.set(key, { token, answer });
      const oldest = entries.keys().next();
      if (entries.size > size && !oldest.done) entries.delete(oldest.value);
    },
  };
}

/** No answers kept (SEARCH_CACHE_SIZE=0). */
export const NO_SEARCH_CACHE = createSearchCache(0);
