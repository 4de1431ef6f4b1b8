import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';

/**
 * Issue 19: "Forgot password" answers the same, in about the same time, for an address with an
 * account and one without. Requests alternate between the two (each known address asked once,
 * so the per-address mail limit never shortens the known path), in process, on SQLite.
 */
const PAIRS = 150;
const ORIGIN = 'http://localhost:3999';

export interface EnumerationResult {
  knownMs: number;
  unknownMs: number;
  sameAnswers: boolean;
}

const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runEnumerationBench(): Promise<EnumerationResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-enum-'));
  const config = parseConfig({
    PORT: '3999',
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000000',
  });
  const handle = await openDatabase(config);
  const app = await buildApp({
    config,
    db: handle.db,
    engine: handle.engine,
    authSecret: crypto.randomBytes(32).toString('base64url'),
  });
  try {
    await app.ready();
    const ask = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ email }),
      });
    const known: string[] = [];
    for (let index = 0; index < PAIRS + 10; index += 1) {
      const email = `known${index}@example.com`;
      await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({
          name: `Known ${index}`,
          email,
          password: 'Secret123',
          image: 'https://images.example.com/a.png',
        }),
      });
      known.push(email);
    }
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    let sameAnswers = true;
    for (let index = 0; index < PAIRS + 10; index += 1) {
      const order = index % 2 ? ['known', 'unknown'] : ['unknown', 'known'];
      const answers: Record<string, string> = {};
      for (const kind of order) {
        const email = kind === 'known' ? known[index]! : `nobody${index}@example.com`;
        const started = performance.now();
        const answer = await ask(email);
        const ms = performance.now() - started;
        answers[kind] = `${answer.statusCode} ${answer.body}`;
        // The first ten pairs warm the code up and are not counted.
        if (index >= 10) (kind === 'known' ? knownTimes : unknownTimes).push(ms);
      }
      sameAnswers &&= answers.known === answers.unknown;
    }
    return { knownMs: medianOf(knownTimes), unknownMs: medianOf(unknownTimes), sameAnswers };
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printEnumerationReport({ knownMs, unknownMs, sameAnswers }: EnumerationResult) {
  console.log(
    `\nForgot password, ${PAIRS} addresses with an account and ${PAIRS} without (SQLite, in process):`,
  );
  console.log(
    `  with ${knownMs.toFixed(2)} ms, without ${unknownMs.toFixed(2)} ms (medians); ratio ${(knownMs / unknownMs).toFixed(2)}; same status and body every time: ${sameAnswers ? 'yes' : 'NO'}`,
  );
}
