import { parentPort, workerData } from 'node:worker_threads';
import { checkpointEvery } from './wal-checkpointer.ts';

/** The thread of wal-checkpointer.ts. */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
checkpointEvery(file, intervalMs);
// Its connection is open: it may be stopped now (wal-checkpointer.ts).
parentPort?.postMessage('started');
