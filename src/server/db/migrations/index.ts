import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial.ts';
import * as orderMatchingIndexes from './0002-order-matching-indexes.ts';

/** Migrations in order, imported rather than read from disk so the bundle and tests agree. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-order-matching-indexes': orderMatchingIndexes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
