import type { MessagePort, Worker } from 'node:worker_threads';

/**
 * The worker threads that open SQLite (the read workers, the WAL checkpointer's) are stopped
 * only once they have started: a worker terminated while it loads SQLite's native addon ends
 * the whole process (Node's fatal napi_get_last_error_info, in CI: tests close their apps a
 * moment after making them). Each says when its modules are loaded and its connection open.
 */
export interface WorkerStarted {
  started: true;
}

/** Whether a worker's message says it has started (announceStarted). */
export const isStarted = (message: unknown): message is WorkerStarted =>
  typeof message === 'object' && message !== null && 'started' in message;

/** In the worker: its modules are loaded and its connection open; it may be stopped now. */
export function announceStarted(port: MessagePort): void {
  port.postMessage({ started: true } satisfies WorkerStarted);
}

/**
 * The stop of `worker`, called whenever: it terminates the worker once it has started or
 * ended. Meanwhile the worker keeps the process alive: unref'd, as these workers are, the
 * process could end in the middle of the stop, with nothing else to do.
 */
export function stopperOf(worker: Worker): () => Promise<void> {
  const started = new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isStarted(message)) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => resolve());
  });
  return async () => {
    worker.ref();
    await started;
    await worker.terminate();
  };
}
