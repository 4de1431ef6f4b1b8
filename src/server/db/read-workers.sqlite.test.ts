import { execFile } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTask } from '../../../tests/support/marketplace.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { AppError } from '../errors.ts';
import { sqliteFileOf } from './database.ts';
import { createReadWorkers, type ReadWorkers } from './read-workers.ts';

/** Reads on worker threads with connections of their own (issue 18). SQLite only. */
let t: TestApp;
let readers: ReadWorkers;

beforeAll(async () => {
  t = await createTestApp();
  readers = createReadWorkers(
    new URL('../../../tests/support/test-read-worker.ts', import.meta.url),
    { file: sqliteFileOf(t.config.dataDir) },
    2,
  );
});
afterAll(async () => {
  await readers.close();
  await t.close();
});

describe('read workers', () => {
  it('leave the event loop free while a read holds a worker', async () => {
    const order: string[] = [];
    const slow = readers.run<number>('busyFor', [1500]).then(() => order.push('slow read'));
    // The app answers on this thread meanwhile, long before the worker is free.
    const response = await t.request('GET', '/api/tasks?limit=8&sort=deadline');
    order.push('answer');
    expect(response.statusCode).toBe(200);
    await slow;
    expect(order).toEqual(['answer', 'slow read']);
  });

  it('see what the serving connection has committed, at once', async () => {
    const before = await readers.run<number>('countTasks', []);
    await postTask(t, await t.signUp());
    expect(await readers.run<number>('countTasks', [])).toBe(before + 1);
  });

  it('hand back a refusal as the same AppError, and other failures as errors', async () => {
    const refusal = await readers.run('refuse', []).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'not_found', message: 'No such thing.' });
    await expect(readers.run('no-such-read', [])).rejects.toThrow('no read named no-such-read');
  });

  it('all start at once when they have a warm-up, and each runs it before any read', async () => {
    const script = new URL('../../../tests/support/test-read-worker.ts', import.meta.url);
    const warmed = createReadWorkers(script, { file: sqliteFileOf(t.config.dataDir) }, 2, 'warmUp');
    try {
      await warmed.warmedUp;
      const answers = await Promise.all([
        warmed.run<{ threadId: number; warmedAt?: number }>('warmedAt', []),
        warmed.run<{ threadId: number; warmedAt?: number }>('warmedAt', []),
      ]);
      // Two workers, each warmed up before its first read.
      expect(new Set(answers.map((answer) => answer.threadId)).size).toBe(2);
      expect(answers.every((answer) => answer.warmedAt !== undefined)).toBe(true);
    } finally {
      await warmed.close();
    }
  });

  it('close as soon as they are made, each once it has started (never while it loads SQLite)', async () => {
    // An app closed the moment it is made (tests) closes workers that are still loading SQLite's
    // native addon: terminated then, one ended the whole process (napi_get_last_error_info).
    const script = new URL('../../../tests/support/test-read-worker.ts', import.meta.url);
    const marks = fs.mkdtempSync(path.join(os.tmpdir(), 'read-worker-marks-'));
    process.env.READ_WORKER_MARKS = marks;
    try {
      for (let round = 1; round <= 4; round += 1) {
        const soon = createReadWorkers(
          script,
          { file: sqliteFileOf(t.config.dataDir) },
          2,
          'warmUp',
        );
        await soon.close();
        // Both of the round's workers had loaded their modules when they were stopped.
        expect(fs.readdirSync(marks)).toHaveLength(2 * round);
        await expect(soon.run('countTasks', [])).rejects.toThrow('read workers are closed');
      }
    } finally {
      delete process.env.READ_WORKER_MARKS;
      fs.rmSync(marks, { recursive: true, force: true });
    }
    // This process lives on, and reads as before.
    expect(await readers.run<number>('countTasks', [])).toBeGreaterThanOrEqual(0);
  });

  it('keep a process alive until they are closed, as the WAL checkpointer until stopped, when nothing else does', async () => {
    const script = path.resolve(
      import.meta.dirname,
      '../../../tests/support/workers-stopped-soon.ts',
    );
    const { stdout } = await promisify(execFile)(process.execPath, [
      script,
      sqliteFileOf(t.config.dataDir),
    ]);
    expect(stdout).toBe('stopped');
  });

  it('take the reads of one turn in one message, and send back their replies in a few, each settling its own read', async () => {
    const one = createReadWorkers(
      new URL('../../../tests/support/test-read-worker.ts', import.meta.url),
      { file: sqliteFileOf(t.config.dataDir) },
      1,
    );
    try {
      // A read alone goes back alone, at once.
      await one.run('busyFor', [0]);
      expect(one.received).toEqual({ replies: 1, messages: 1 });
      expect(one.sent).toEqual({ reads: 1, messages: 1 });
      // Twenty at once, as fifty connections searching give the worker: answers, refusals and
      // failures, each to its own caller.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, at) =>
          at % 5 === 1
            ? one.run('refuse', [])
            : at % 5 === 2
              ? one.run('no-such-read', [])
              : one.run<number>('busyFor', [1]),
        ),
      );
      outcomes.forEach((outcome, at) => {
        if (at % 5 === 1) expect(outcome).toMatchObject({ reason: { code: 'not_found' } });
        else if (at % 5 === 2) {
          expect(outcome).toMatchObject({ reason: { message: 'no read named no-such-read' } });
        } else expect(outcome).toMatchObject({ status: 'fulfilled', value: expect.any(Number) });
      });
      expect(one.received.replies).toBe(21);
      // Asked in one turn of the loop, the twenty went to the worker as one message.
      expect(one.sent).toEqual({ reads: 21, messages: 2 });
      // One message a reply was the event loop woken twenty times (decision 026). How the twenty
      // reach the worker (in one port callback or in several) depends on the machine's timing;
      // what the host promises is that replies finished in one turn go back together, so the
      // twenty come back in fewer messages than half their number, never one each.
      expect(one.received.messages).toBeLessThanOrEqual(1 + 10);
      // A reply does not wait for a read still waiting for its database.
      const slow = one.run('waitFor', [3000]);
      const askedAt = Date.now();
      await one.run('busyFor', [0]);
      expect(Date.now() - askedAt).toBeLessThan(1500);
      await slow;
    } finally {
      await one.close();
    }
  });

  it('hand over bytes with a buffer of their own, and copy a slice of a shared one', async () => {
    const one = createReadWorkers(
      new URL('../../../tests/support/test-read-worker.ts', import.meta.url),
      { file: sqliteFileOf(t.config.dataDir) },
      1,
    );
    try {
      const bytes = await one.run<{ own: Uint8Array; pooled: Uint8Array }>('bytes', []);
      expect(new TextDecoder().decode(bytes.own)).toBe('{"own":"é"}');
      expect(new TextDecoder().decode(bytes.pooled)).toBe('pooled');
      // The worker no longer holds the first (moved, not copied); the second is intact there.
      expect(await one.run('bytesLeft', [])).toEqual({ own: 0, pooled: 'pooled' });
    } finally {
      await one.close();
    }
  });

  it('answer a read whose I/O is done while more reads keep coming', async () => {
    const one = createReadWorkers(
      new URL('../../../tests/support/test-read-worker.ts', import.meta.url),
      { file: sqliteFileOf(t.config.dataDir) },
      1,
    );
    try {
      // Eight callers, each asking again as soon as it is answered, as a busy event loop posts
      // the next searches while the worker answers the last ones (decision 026).
      const reads = 400;
      let answered = 0;
      const caller = async () => {
        while (answered < reads) {
          await one.run('busyFor', [1]);
          answered += 1;
        }
      };
      const callers = Array.from({ length: 8 }, caller);
      while (answered < 16) await new Promise((resolve) => setTimeout(resolve, 1));
      const askedAt = answered;
      await one.run('afterIo', []);
      const answeredAt = answered;
      await Promise.all(callers);
      // Its answer waits for the reads already in hand, not for every read that comes after.
      expect(answeredAt - askedAt).toBeLessThan(100);
    } finally {
      await one.close();
    }
  });

  it('settle a read after the I/O that came in the same turn (a request, a database reply)', async () => {
    const two = createReadWorkers(
      new URL('../../../tests/support/test-read-worker.ts', import.meta.url),
      { file: sqliteFileOf(t.config.dataDir) },
      2,
    );
    const server = net.createServer();
    try {
      // Both workers started.
      await Promise.all([two.run('busyFor', [20]), two.run('busyFor', [20])]);
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const accepted = once(server, 'connection');
      const written = new Int32Array(new SharedArrayBuffer(4));
      const writing = two.run('writeAfter', [port, 50, written.buffer]);
      const [socket] = (await accepted) as [net.Socket];
      const order: string[] = [];
      const io = once(socket, 'data').then(() => order.push('io'));
      const read = two.run('busyFor', [0]).then(() => order.push('read'));
      // The event loop busy meanwhile: the other worker answers at once, the first writes 50 ms
      // later, and the loop's next poll finds both, the answer first.
      const until = Date.now() + 10_000;
      while (Atomics.load(written, 0) === 0 && Date.now() < until) {
        // Holds the event loop, as fifty connections' requests do, until the write is done.
      }
      await Promise.all([read, writing, io]);
      expect(order).toEqual(['io', 'read']);
    } finally {
      server.close();
      await two.close();
    }
  });

  it('run a second read on another worker while the first is busy', async () => {
    const threads = await Promise.all([
      readers.run<number>('busyFor', [200]),
      readers.run<number>('busyFor', [200]),
    ]);
    expect(new Set(threads).size).toBe(2);
  });
});

describe('the search route', () => {
  it('answers the same through the read workers as inline', async () => {
    const inline = await createTestApp({ READ_WORKERS: '0' });
    try {
      const poster = await inline.signUp();
      await postTask(inline, poster, { title: 'Quokka illustration for a zoo' });
      const path = '/api/tasks/search?q=quokk';
      const expected = (await inline.request('GET', path)).json();
      expect(expected.total).toBe(1);
      const viaWorkers = await createTestApp({ DATA_DIR: inline.config.dataDir });
      try {
        expect(viaWorkers.config.readWorkers).toBeGreaterThan(0);
        const answer = await viaWorkers.request('GET', path);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual(expected);
      } finally {
        await viaWorkers.app.close();
      }
    } finally {
      await inline.close();
    }
  });
});
