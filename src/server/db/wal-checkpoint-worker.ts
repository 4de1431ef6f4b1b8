import { parentPort, workerData } from 'node:worker_threads';
import { checkpointEvery } from './wal-checkpointer.ts';
import { announceStarted } from './worker-start.ts';

/** The thread of wal-checkpointer.ts. */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
checkpointEvery(file, intervalMs);
if (parentPort) announceStarted(parentPort);
