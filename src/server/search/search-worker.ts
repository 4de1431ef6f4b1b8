import { serveReads } from '../db/read-worker-host.ts';
import { searchTasks } from './search.store.ts';

/** The read worker of searches (db/read-workers.ts): the same searchTasks, off the event loop. */
serveReads({ searchTasks });
