import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import { createAuthForScripts } from '../src/server/auth/auth.ts';
import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { isPostgres } from '../src/server/db/engine.ts';
import type { Database } from '../src/server/db/types.ts';
import { createRandom, seedBulkTasks } from '../src/server/seed/bulk-tasks.ts';
import { profileWords } from '../src/server/profiles/directory-entries.ts';
import { DirectoryIndexSync } from '../src/server/profiles/directory-index-sync.ts';
import { CURATED_SKILLS, skillKey } from '../src/shared/freelancer-profiles.ts';
import { formatInt, log, ROOT, serverEnv, sessionCookieOf, startServer } from './bench-server.ts';
import { runLoad, type MixSpec, type PhaseTotals } from './load.ts';
import { issue18Mix, mixLoad, readMixPools, signUp, writeMix, type MixPools } from './mix-bench.ts';
import { stopChild } from './processes.ts';

/**
 * Issue 50: GET /api/freelancers at 100,000 freelancer profiles beside GET /api/tasks/search at
 * 100,000 tasks, on the same server in the same run, on SQLite and (when one answers at
 * BENCH_POSTGRES_URL) PostgreSQL. A mix of directory searches (words, skills, categories,
 * ratings, prices, sorts, pages) runs while a few freelancers keep saving their profiles; then
 * the task search alone, as many clients. Reported: requests a second, p50 and p99, and the
 * directory's rate as a ratio of the task search's. Alone: BENCH_DIRECTORY_ONLY=1 npm run bench.
 */

const PROFILES = Number(process.env.BENCH_DIRECTORY_PROFILES) || 100_000;
const TASKS = Number(process.env.BENCH_SEARCH_TASKS) || 100_000;
const SECONDS = Number(process.env.BENCH_DIRECTORY_SECONDS) || 15;
const CLIENTS = 8;
const EDITORS = 2;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHUNK = 400;
/** BENCH_DIRECTORY_MIX=0: without the mix check (issue 18's mix alone and with the directory). */
const SKIP_MIX = process.env.BENCH_DIRECTORY_MIX === '0';
/** BENCH_ENGINES: `sqlite,postgres` unless set (PostgreSQL only when one answers). */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
/**
 * BENCH_DIRECTORY_SEEDED=dir: the seeded data kept there (SQLite: the data directory; PostgreSQL:
 * a template database) and copied for the next run of the same sizes, rather than seeded again.
 * The copy is the seed's data as written; the server starts on it as on a fresh seed.
 */
const SEEDED = process.env.BENCH_DIRECTORY_SEEDED;

const WORDS = ['logo', 'react', 'wordpress', 'copy', 'seo', 'excel', 'photo', 'video', 'brand'];
const HEADLINES = [
  'Logo and brand design for small shops',
  'React and TypeScript web apps',
  'WordPress sites that load fast',
  'Copywriting that sells',
  'SEO audits and fixes',
  'Excel and Google Sheets clean-up',
  'Product photography',
  'Video editing for social media',
];

/** 100,000 people with a profile, skills by key, a fifth of them available now. */
export async function seedProfiles(db: Kysely<Database>, count: number): Promise<void> {
  const random = createRandom(50_050);
  const now = Date.now();
  if (!isPostgres(db)) await sql`pragma cache_size = -262144`.execute(db);
  // SQLite keeps booleans as 0/1.
  const verified = (isPostgres(db) ? true : 1) as boolean;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const size = Math.min(CHUNK, count - start);
      const users = [];
      const profiles = [];
      const skills = [];
      const words = [];
      for (let i = start; i < start + size; i += 1) {
        const id = `bench-freelancer-${i}`;
        const at = new Date(now - Math.floor(random() * 365 * 86_400_000)).toISOString();
        users.push({
          id,
          name: `Bench Freelancer ${i}`,
          email: `bench.freelancer${i}@example.com`,
          emailVerified: verified,
          image: null,
          createdAt: at,
          updatedAt: at,
        });
        const own = new Set<string>();
        const skillCount = 2 + Math.floor(random() * 6);
        while (own.size < skillCount) {
          own.add(CURATED_SKILLS[Math.floor(random() * CURATED_SKILLS.length)]!);
        }
        const hasRate = random() < 0.8;
        const text = {
          headline: `${HEADLINES[i % HEADLINES.length]} ${i}`,
          about: `I have worked on ${i % 300} projects. ${HEADLINES[(i * 7) % HEADLINES.length]}, on time and with care.`,
          skills: [...own],
        };
        profiles.push({
          user_id: id,
          headline: text.headline,
          about: text.about,
          skills: JSON.stringify(text.skills),
          rate_cents: hasRate ? 1000 + Math.floor(random() * 20_000) : null,
          rate_unit: hasRate ? (random() < 0.5 ? ('hourly' as const) : ('fixed' as const)) : null,
          languages: '["English"]',
          time_zone: null,
          links: '{}',
          available: random() < 0.2 ? 1 : 0,
          updated_at: at,
          // New accounts: no reviews, tasks or replies, so the figures are the defaults, as of now.
          figures_at: new Date(now).toISOString(),
        });
        for (const skill of own) skills.push({ user_id: id, skill_key: skillKey(skill) });
        for (const entry of profileWords(text)) words.push({ ...entry, user_id: id });
      }
      await trx.insertInto('user').values(users).execute();
      await trx.insertInto('freelancer_profiles').values(profiles).execute();
      await trx.insertInto('freelancer_skills').values(skills).execute();
      // 3 parameters a row: batches well under either engine's limit.
      for (let from = 0; from < words.length; from += 5000) {
        await trx
          .insertInto('freelancer_words')
          .values(words.slice(from, from + 5000))
          .execute();
      }
    }
  });
  if (isPostgres(db)) {
    await sql`vacuum analyze freelancer_profiles`.execute(db);
    await sql`vacuum analyze freelancer_skills`.execute(db);
    await sql`vacuum analyze freelancer_words`.execute(db);
    await sql`vacuum analyze tasks`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
}

/** `count` different directory searches: words, skills, categories, ratings, prices, sorts, pages. */
export function directoryPaths(count = 48, seed = 50): string[] {
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const prefixes = WORDS.map((word) => word.slice(0, 3));
  const paths = new Set<string>();
  for (let tries = 0; paths.size < count && tries < count * 10; tries += 1) {
    const params = new URLSearchParams();
    if (random() < 0.45) params.set('q', pick(random() < 0.7 ? WORDS : prefixes));
    if (random() < 0.25) params.set('skill', pick(CURATED_SKILLS));
    if (random() < 0.2) params.set('category', pick(['Design', 'Writing', 'Marketing']));
    if (random() < 0.15) params.set('available', 'true');
    if (random() < 0.2) params.set('maxPrice', String(pick([40, 70, 100, 130])));
    if (random() < 0.1) params.set('minRating', '4');
    const sort = pick(['', '', 'rating', 'completed', 'response', 'newest']);
    if (sort) params.set('sort', sort);
    if (random() < 0.15) params.set('page', String(pick([2, 3, 4])));
    paths.add(`/api/freelancers?${params}`);
  }
  return [...paths];
}

function taskSearchPaths(): string[] {
  const words = ['logo', 'website', 'data', 'write', 'video', 'move'];
  return words.flatMap((word, i) => [
    `/api/tasks/search?q=${word}`,
    `/api/tasks/search?q=${word}&sort=newest&page=${1 + (i % 3)}`,
    `/api/tasks/search?category=Design&sort=${i % 2 ? 'budget_asc' : 'deadline'}`,
  ]);
}

/**
 * The memory the directory's index holds (as each read worker holds it): the heap and array
 * buffers (its typed columns and pools) after a full collection with the index built, less
 * before, in this process.
 */
async function indexMemoryBytes(
  db: Kysely<Database>,
): Promise<{ bytes: number; profiles: number }> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const held = () => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const before = held();
  const index = await new DirectoryIndexSync().built(db);
  const bytes = held() - before;
  return { bytes, profiles: index.size };
}

interface Load {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** CLIENTS loops over `paths` for SECONDS, each request timed; `during` runs beside them. */
async function load(baseUrl: string, paths: string[], during?: (until: number) => Promise<void>) {
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let next = 0;
  const client = async () => {
    while (performance.now() < until) {
      const url = `${baseUrl}${paths[next++ % paths.length]}`;
      const at = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
      times.push(performance.now() - at);
    }
  };
  await Promise.all([
    ...Array.from({ length: CLIENTS }, client),
    ...(during ? [during(until)] : []),
  ]);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: times.length,
    perSecond: times.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    failures,
  } satisfies Load;
}

/** EDITORS freelancers signed in over the API, each saving their profile again and again. */
async function profileEdits(baseUrl: string, until: number): Promise<number> {
  let saves = 0;
  const editor = async (index: number) => {
    // The bulk seed's posters: verified accounts with known passwords (writers).
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        email: `seed.poster${index + 1}@example.com`,
        password: `SeedPoster${index + 1}`,
      }),
    });
    if (signIn.status !== 200)
      log(`editor sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (let round = 0; performance.now() < until; round += 1) {
      const response = await fetch(`${baseUrl}/api/me/freelancer-profile`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
        body: JSON.stringify({
          headline: `${HEADLINES[round % HEADLINES.length]} (edit ${round})`,
          // Excel besides, unless it is the curated one (a skill twice answers 400).
          skills: [...new Set([CURATED_SKILLS[round % CURATED_SKILLS.length]!, 'Excel'])],
          rate: { amount: 20 + (round % 50), unit: 'hourly' },
          available: round % 2 === 0,
        }),
      });
      const body = await response.text();
      if (response.status === 200) saves += 1;
      else if (round === 0) log(`profile save answered ${response.status}: ${body.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all(Array.from({ length: EDITORS }, (_, i) => editor(i)));
  return saves;
}

/**
 * BENCH_DIRECTORY_MIX_SECONDS: how long issue 18's mix runs, alone and with the directory in
 * turn, PHASE_MS each (120). Runs of the same mix a minute apart differ by up to a third on a
 * shared machine, and rounds of runs in turn (ABBA) left the loss anywhere from −2 to 28 %:
 * phases of two seconds share the machine's drifts.
 */
const MIX_SECONDS = Math.max(8, Number(process.env.BENCH_DIRECTORY_MIX_SECONDS) || 120);
const PHASE_MS = 2000;
/** Each phase is counted from here: the requests of the phase before have come back by then. */
const SETTLE_MS = 300;
/**
 * Seeded freelancers who save their profiles in the mix, spread over the 100,000 (so over
 * every order): each save moves a profile from where it was, as real editors' do.
 */
const MIX_EDITORS = 100;
const EDITOR_PASSWORD = 'DirectoryEditor123';
const editorOf = (index: number) =>
  `bench-freelancer-${Math.floor((index * PROFILES) / MIX_EDITORS)}`;

/** Issue 18's mix alone and with directory searches and profile saves added, phase by phase. */
interface MixCheck {
  alone: PhaseTotals;
  withDirectory: PhaseTotals;
  /** The loss of each pair of phases (alone, then with). */
  pairs: number[];
}

interface DirectoryBench {
  engine: string;
  /** Undefined with BENCH_DIRECTORY_MIX_ONLY. */
  directory?: Load | undefined;
  saves: number;
  tasks?: Load | undefined;
  mix?: MixCheck | undefined;
  memory?: { bytes: number; profiles: number } | undefined;
}

/**
 * Of every 112 requests of the mix with the directory, 11 are directory searches and 1 a profile
 * save (beside the mix's bids, 10). BENCH_DIRECTORY_MIX_WEIGHTS=searches,saves sets them apart
 * (`11,0`, `0,1`) to tell what each costs the mix.
 */
const [DIRECTORY_WEIGHT, EDIT_WEIGHT] = (process.env.BENCH_DIRECTORY_MIX_WEIGHTS ?? '11,1')
  .split(',')
  .map(Number) as [number, number];
/** BENCH_DIRECTORY_MIX_ONLY=1: the mix check alone, not the directory and task search loads. */
const MIX_ONLY = Boolean(process.env.BENCH_DIRECTORY_MIX_ONLY);

/** The mix's editors: seeded freelancers given a password (one hash for all), as sign-up would. */
async function addEditorPasswords(db: Kysely<Database>): Promise<void> {
  const hash = await hashPassword(EDITOR_PASSWORD);
  const at = new Date().toISOString();
  for (let index = 0; index < MIX_EDITORS; index += 1) {
    const userId = editorOf(index);
    await sql`insert into account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
      values (${`${userId}-credential`}, ${userId}, 'credential', ${userId}, ${hash}, ${at}, ${at})
      on conflict (id) do nothing`.execute(db);
  }
}

/** The session cookie of each editor, signed in as the browser does it. */
async function signInEditors(baseUrl: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let index = 0; index < MIX_EDITORS; index += 1) {
    const number = editorOf(index).slice('bench-freelancer-'.length);
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        email: `bench.freelancer${number}@example.com`,
        password: EDITOR_PASSWORD,
      }),
    });
    if (response.status !== 200)
      throw new Error(`editor sign-in: ${response.status} ${await response.text()}`);
    cookies.push(sessionCookieOf(response));
  }
  return cookies;
}

/** Issue 18's mix alone and with the directory, in phases of one run (the machine's noise falls on both). */
async function mixCheck(
  baseUrl: string,
  dir: string,
  pools: MixPools,
  pid: number,
): Promise<MixCheck> {
  const reader = await signUp(baseUrl, 'Directory Mix Reader');
  const bidder = await signUp(baseUrl, 'Directory Mix Bidder');
  const editors = await signInEditors(baseUrl);
  const { kinds } = issue18Mix(baseUrl, pools, reader, bidder);
  const directory = directoryPaths(2_000, 51);
  // Each save a random editor's, with one of four bodies: its text, skills, rate and
  // availability written anew.
  const edits: MixSpec['kinds'] = HEADLINES.slice(0, 4).map((headline, i) => ({
    label: `profile save ${i}`,
    weight: EDIT_WEIGHT / 4,
    method: 'PUT',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    cookies: editors,
    paths: ['/api/me/freelancer-profile'],
    body: JSON.stringify({
      headline,
      skills: [CURATED_SKILLS[i * 5], 'Excel'],
      rate: { amount: 20 + i * 15, unit: 'hourly' },
      available: i % 2 === 0,
    }),
  }));
  const aloneFile = writeMix(dir, 'issue18', { kinds });
  const withFile = writeMix(dir, 'issue18-with-directory', {
    kinds: [
      ...kinds,
      {
        label: 'directory',
        weight: DIRECTORY_WEIGHT * 0.6,
        method: 'GET',
        headers: {},
        paths: directory,
      },
      {
        label: 'directory signed in',
        weight: DIRECTORY_WEIGHT * 0.4,
        method: 'GET',
        headers: { cookie: reader },
        paths: directory,
      },
      ...edits,
    ],
  });
  // A run first, not counted: the server just started (its kept answers empty, its code not
  // optimized yet), and the first round's mix alone had measured up to a third slower than the
  // next ones, whatever came after it.
  await runLoad(mixLoad(baseUrl, withFile), ROOT, pid);
  const { phases } = await runLoad(
    {
      ...mixLoad(baseUrl, aloneFile),
      seconds: MIX_SECONDS,
      alternate: { mixFile: withFile, phaseMs: PHASE_MS, settleMs: SETTLE_MS, serverPid: pid },
    },
    ROOT,
    pid,
  );
  const [alone, withDirectory] = phases!;
  const pairs = withDirectory.rates.flatMap((rate, i) => {
    const before = alone.rates[i];
    return before ? [1 - rate / before] : [];
  });
  return { alone, withDirectory, pairs };
}

/** The seeded SQLite data directory kept for runs of these sizes (BENCH_DIRECTORY_SEEDED). */
const keptSqliteSeed = () => SEEDED && path.join(SEEDED, `sqlite-${TASKS}-${PROFILES}`);

async function runOnEngine(
  engine: string,
  databaseUrl: string,
  seeded = false,
  keepSeed?: () => Promise<void>,
): Promise<DirectoryBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-directory-bench-'));
  const kept = engine === 'sqlite' ? keptSqliteSeed() : undefined;
  const copied = seeded || (kept !== undefined && fs.existsSync(kept));
  if (kept && copied) fs.cpSync(kept, dataDir, { recursive: true });
  const { baseUrl, env } = await serverEnv(dataDir, databaseUrl);
  const config = parseConfig(env);
  const handle = await openDatabase(config);
  let pools: MixPools | undefined;
  let memory: DirectoryBench['memory'];
  try {
    const seedStart = performance.now();
    if (!copied) {
      await seedBulkTasks(handle.db, { count: TASKS, auth: createAuthForScripts(config, handle) });
      await seedProfiles(handle.db, PROFILES);
    }
    pools = await readMixPools(handle.db);
    if (!SKIP_MIX) await addEditorPasswords(handle.db);
    const seconds = ((performance.now() - seedStart) / 1000).toFixed(1);
    log(
      `${engine}: ${copied ? 'a kept seed of' : 'seeded'} ${formatInt(TASKS)} tasks, ${formatInt(PROFILES)} profiles in ${seconds} s`,
    );
    memory = await indexMemoryBytes(handle.db);
  } finally {
    await handle.close();
  }
  if (kept && !copied) fs.cpSync(dataDir, kept, { recursive: true });
  if (!copied) await keepSeed?.();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    let saves = 0;
    let directory: Load | undefined;
    let tasks: Load | undefined;
    if (!MIX_ONLY) {
      // The two searches as read, not as kept (SEARCH_CACHE_SIZE=0).
      server = await startServer({ ...env, SEARCH_CACHE_SIZE: '0' }, baseUrl);
      log(`${engine}: the directory mix with profile edits…`);
      directory = await load(baseUrl, directoryPaths(400), async (until) => {
        saves = await profileEdits(baseUrl, until);
      });
      log(`${engine}: the task search…`);
      tasks = await load(baseUrl, taskSearchPaths());
      await stopChild(server.child);
      server = undefined;
    }
    let mix: MixCheck | undefined;
    if (!SKIP_MIX && pools) {
      // Issue 18's mix as its own bench loads it: on a server as `npm start` runs it.
      server = await startServer(env, baseUrl);
      log(`${engine}: issue 18's mix alone and with the directory…`);
      mix = await mixCheck(baseUrl, dataDir, pools, server.child.process.pid ?? 0);
    }
    return { engine, directory, saves, tasks, mix, memory };
  } finally {
    if (server) await stopChild(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A database of its own on the PostgreSQL server (a copy of the kept seed when there is one:
 * `seeded`), or null when none answers. `keep` makes it the kept seed (BENCH_DIRECTORY_SEEDED).
 */
async function postgresDatabase(): Promise<{
  url: string;
  seeded: boolean;
  keep(): Promise<void>;
  drop(): Promise<void>;
} | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  admin.on('error', () => {});
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `tasklane_directory_bench_${process.pid}`;
  const template = `tasklane_directory_seed_${TASKS}_${PROFILES}`;
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
    template,
  ]);
  const seeded = Boolean(SEEDED && rowCount);
  await admin.query(`create database ${name}${seeded ? ` template ${template}` : ''}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    seeded,
    keep: async () => {
      if (!SEEDED || seeded) return;
      await admin.query(`create database ${template} template ${name}`);
    },
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function runDirectoryBench(): Promise<DirectoryBench[]> {
  const results: DirectoryBench[] = [];
  if (ENGINES.includes('sqlite')) results.push(await runOnEngine('sqlite', ''));
  const database = ENGINES.includes('postgres') ? await postgresDatabase() : null;
  if (database) {
    try {
      results.push(
        await runOnEngine('postgres', database.url, database.seeded, () => database.keep()),
      );
    } finally {
      await database.drop();
    }
  }
  return results;
}

export function printDirectoryReport(results: DirectoryBench[]): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\n## The freelancer directory (${formatInt(PROFILES)} profiles) beside the task search (${formatInt(TASKS)} tasks), ${CLIENTS} clients, ${SECONDS} s each, answers not kept\n`,
  );
  console.log('| engine | load | req/s | p50 | p99 | failures |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const { engine, directory, saves, tasks, memory } of results) {
    if (!directory || !tasks) continue;
    const row = (label: string, l: Load) =>
      `| ${engine} | ${label} | ${l.perSecond.toFixed(0)} | ${ms(l.p50)} | ${ms(l.p99)} | ${l.failures} |`;
    console.log(row(`directory mix (+${saves} profile saves)`, directory));
    console.log(row('task search', tasks));
    console.log(
      `| ${engine} | directory ÷ task search | ${(directory.perSecond / tasks.perSecond).toFixed(2)} | | | |`,
    );
    if (memory) {
      const perProfile = memory.bytes / memory.profiles;
      console.log(
        `| ${engine} | the index's heap and buffers (${formatInt(memory.profiles)} profiles) | ${(memory.bytes / 1048576).toFixed(1)} MB, ${perProfile.toFixed(0)} B a profile | | | |`,
      );
    }
  }
  const checked = results.filter((result) => result.mix);
  if (checked.length === 0) return;
  console.log(
    `\n### Issue 18's mix alone and with the directory added (${DIRECTORY_WEIGHT} in ${100 + DIRECTORY_WEIGHT + EDIT_WEIGHT} requests directory searches, ${EDIT_WEIGHT} a profile save by one of ${MIX_EDITORS} seeded freelancers), in turn every ${PHASE_MS / 1000} s for ${MIX_SECONDS} s after a run not counted, each phase counted from ${SETTLE_MS} ms in\n`,
  );
  console.log(
    '| engine | mix | req/s | p99 | server CPU µs a request | non-2xx | loss (pairs of phases: quartiles) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|');
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  };
  const percent = (loss: number) => `${(loss * 100).toFixed(1)} %`;
  const rate = (phase: PhaseTotals) => phase.requests / phase.seconds;
  const cpu = (
    phase: PhaseTotals,
    of: 'serverCpuSeconds' | 'mainThreadCpuSeconds' = 'serverCpuSeconds',
  ) => ((phase[of] ?? NaN) * 1e6) / phase.requests;
  for (const { engine, mix } of checked) {
    const { alone, withDirectory, pairs } = mix!;
    const row = (label: string, phase: PhaseTotals, loss: string) =>
      `| ${engine} | ${label} | ${rate(phase).toFixed(0)} | ${ms(phase.p99Ms)} | ${cpu(phase).toFixed(0)} | ${phase.non2xx} | ${loss} |`;
    const loss = 1 - rate(withDirectory) / rate(alone);
    const spread = `${percent(loss)} (${[0.25, 0.5, 0.75].map((q) => percent(quantile(pairs, q))).join(', ')})`;
    console.log(row('issue 18 alone', alone, ''));
    console.log(row('with the directory', withDirectory, spread));
    // What each request added costs the server, from the CPU a request of either mix.
    const added = DIRECTORY_WEIGHT + EDIT_WEIGHT;
    const each = (of: 'serverCpuSeconds' | 'mainThreadCpuSeconds') =>
      `${(((100 + added) * cpu(withDirectory, of) - 100 * cpu(alone, of)) / added).toFixed(0)} µs, a request of issue 18's ${cpu(alone, of).toFixed(0)} µs`;
    console.log(
      `\n${engine}: a directory search (or profile save) of the mix costs the server about ${each('serverCpuSeconds')} (the main thread: ${each('mainThreadCpuSeconds')}); by CPU a request the loss is ${percent(1 - cpu(alone) / cpu(withDirectory))}.`,
    );
  }
}
