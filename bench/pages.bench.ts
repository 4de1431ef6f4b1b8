import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  signUpOverHttp,
  startServer,
  type ServerProcess,
} from '../tests/support/server-process.ts';
import { buildClientIfStale } from '../tests/support/build-client.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium-flags.ts';

/**
 * `npm run bench:pages` (issue 48): Lighthouse's mobile preset, with its default simulated
 * throttling, on the home page, the search page, a task page (signed in: it is protected) and
 * its poster's profile (issue 51),
 * against the built app (built first when missing or older than its sources) on a fresh data
 * directory with a few tasks, in the browser tests' Chromium (CHROMIUM_PATH,
 * tests/support/chromium-flags.ts). Each page runs 3 times (BENCH_PAGES_RUNS); the run with the
 * median performance score is printed, with the first visit's JavaScript. BENCH_PAGES_ONLY=search
 * (parts of the pages' labels, with commas: `search,task page`) runs only those pages.
 */

const RUNS = Number(process.env.BENCH_PAGES_RUNS) || 3;
const ONLY = process.env.BENCH_PAGES_ONLY;
/** BENCH_PAGES_SAVE=dir writes each run's Lighthouse report (JSON) there, to read what moved. */
const SAVE_DIR = process.env.BENCH_PAGES_SAVE;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const TASKS = 12;

const log = (message: string) => process.stderr.write(`${message}\n`);

interface Figures {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  scriptBytes: number;
  scripts: number;
  /** The element of the largest paint. */
  lcpElement: string;
  /** The layout shifts over 0.001, largest first: the element that moved most in each. */
  shifts: string[];
}

async function postTask(server: ServerProcess, cookie: string, index: number): Promise<string> {
  const deadline = new Date(Date.now() + (10 + index) * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${server.url}/api/tasks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, cookie },
    body: JSON.stringify({
      title: `Bench task ${index + 1}: a landing page that loads fast`,
      category: 'Web Development',
      description: 'A small job for the page bench, with a description of a sentence or two.',
      deadline,
      budget: 100 + index * 25,
    }),
  });
  const body = (await response.json()) as { insertedId?: string };
  if (response.status !== 201 || !body.insertedId) {
    throw new Error(`task creation failed ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.insertedId;
}

async function measure(url: string, cookie: string | undefined): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (SAVE_DIR) {
      fs.mkdirSync(SAVE_DIR, { recursive: true });
      const name = `${new URL(url).pathname.split('/')[1] || 'home'}-${Date.now()}.json`;
      fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr));
    }
    const requests = (lhr.audits['network-requests']?.details as {
      items?: { resourceType?: string; transferSize?: number }[];
    }) ?? { items: [] };
    const scripts = (requests.items ?? []).filter((item) => item.resourceType === 'Script');
    const shifts =
      (
        (lhr.audits['layout-shifts']?.details as {
          items?: { score: number; node?: { selector?: string; snippet?: string } }[];
        }) ?? {}
      ).items ?? [];
    const lcpTable = (
      lhr.audits['largest-contentful-paint-element']?.details as
        { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } | undefined
    )?.items?.[0]?.items?.[0]?.node;
    return {
      lcpElement: `${lcpTable?.selector ?? '?'} ${lcpTable?.snippet?.slice(0, 80) ?? ''}`,
      shifts: shifts
        .filter((shift) => shift.score >= 0.001)
        .map(
          (shift) =>
            `${shift.score.toFixed(3)} ${shift.node?.selector ?? '?'} ${shift.node?.snippet?.slice(0, 80) ?? ''}`,
        ),
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      scripts: scripts.length,
    };
  } finally {
    chrome.kill();
  }
}

function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  buildClientIfStale();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-pages-bench-'));
  const server = await startServer({ dataDir });
  try {
    const owner = await signUpOverHttp(server, { name: 'Bench Client' });
    const ids: string[] = [];
    for (let index = 0; index < TASKS; index += 1) ids.push(await postTask(server, owner, index));
    // A second account reads the task (its sign-up's cookie is a session): not its owner.
    const viewer = await signUpOverHttp(server, { name: 'Bench Reader' });
    const task = (await (await fetch(`${server.url}/api/tasks/${ids[0]}`)).json()) as {
      userId: string;
    };
    const posterId = task.userId;
    const allPages = [
      { label: 'home /', url: `${server.url}/`, cookie: undefined },
      { label: 'search /browse-tasks', url: `${server.url}/browse-tasks`, cookie: undefined },
      { label: 'task page (signed in)', url: `${server.url}/task/${ids[0]}`, cookie: viewer },
      // Issue 51: the poster's public profile, as a reader comes to it from the task.
      { label: 'profile /users/:id', url: `${server.url}/users/${posterId}`, cookie: viewer },
    ];
    const pages = ONLY
      ? allPages.filter((page) => ONLY.split(',').some((part) => page.label.includes(part)))
      : allPages;
    const rows: string[] = [];
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const figures = await measure(page.url, page.cookie);
        log(`  ${page.label} run ${run}: performance ${figures.performance}`);
        runs.push(figures);
      }
      const m = median(runs);
      rows.push(
        `${page.label.padEnd(24)} performance ${String(m.performance).padStart(3)} (runs ${runs
          .map((run) => run.performance)
          .join(
            ', ',
          )})  accessibility ${m.accessibility}  CLS ${m.cls.toFixed(3)}  LCP ${Math.round(
          m.lcpMs,
        )} ms  TBT ${Math.round(m.tbtMs)} ms  JS ${m.scripts} files, ${m.scriptBytes} bytes transferred`,
        `    largest paint ${m.lcpElement}`,
        ...m.shifts.slice(0, 5).map((shift) => `    layout shift ${shift}`),
      );
    }
    console.log(
      [
        `Lighthouse ${RUNS} runs per page (mobile preset, simulated throttling), median:`,
        ...rows,
      ].join('\n'),
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
