import type { Kysely } from 'kysely';
import { serveReads } from '../db/read-worker-host.ts';
import type { Database } from '../db/types.ts';
import { directoryWrittenAnswer } from '../profiles/directory-answer.ts';
import { directoryIndexOf } from '../profiles/directory-index-sync.ts';
import { searchAnswer } from './search-answer.ts';
import { taskIndexOf } from './search.store.ts';

/**
 * The read worker of searches (db/read-workers.ts): the same searchAnswer, off the event loop,
 * and the directory's (issue 50), and the build of their indexes in memory as the worker starts (the server's warm-up).
 */
serveReads({
  searchAnswer,
  directoryWrittenAnswer,
  async buildSearchIndex(db: Kysely<Database>) {
    await taskIndexOf(db).built(db);
    await directoryIndexOf(db).built(db);
  },
});
