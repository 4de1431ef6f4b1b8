import { z } from 'zod';
import {
  savedSearchSchema,
  taskSearchResultSchema,
  type SavedSearch,
  type SearchFilters,
} from '../../../shared/search.ts';
import { deletedSchema, insertedSchema, taskCountSchema } from '../../../shared/tasks.ts';
import { requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';
import { searchApiUrl, type SearchPageRequest } from './search-url.ts';

const savedSearchesSchema = z.array(savedSearchSchema);

/** The search calls of issue 11, each answer read with its shared schema. */
export const searchApi = {
  searchTasks: (filters: SearchFilters, request: SearchPageRequest = {}) =>
    requestAs(taskSearchResultSchema, 'GET', searchApiUrl(filters, request)),
  /** Every task, counted by the server: exact, where a search stops counting at its cap. */
  countAllTasks: async () => (await requestAs(taskCountSchema, 'GET', apiPaths.taskCount)).total,
  /** How many tasks match (up to the cap), from the smallest page rather than every task. */
  countTasks: async (filters: SearchFilters) =>
    (await searchApi.searchTasks(filters, { pageSize: 1 })).total,
  listSavedSearches: (): Promise<SavedSearch[]> =>
    requestAs(savedSearchesSchema, 'GET', apiPaths.savedSearches),
  saveSearch: (name: string, query: SearchFilters) =>
    requestAs(insertedSchema, 'POST', apiPaths.savedSearches, { name, query }),
  deleteSavedSearch: (id: string) => requestAs(deletedSchema, 'DELETE', apiPaths.savedSearch(id)),
};
