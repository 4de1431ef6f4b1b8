import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  formatMs,
  log,
  mark,
  printTable,
  ROOT,
  serverEnv,
  sessionCookieOf,
  startServer,
} from './bench-server.ts';
import { findFreePort, spawnChild, stopChild, waitUntilAnswering } from './processes.ts';

/**
 * Issue 49's upload bench (`npm run bench`, or alone with BENCH_UPLOADS_ONLY=1):
 * (a) 20 concurrent uploads of 20 MB documents to a server with STORAGE=local, through
 * PUT /api/uploads/:id/content and their completion, while the server's RSS is sampled: its
 * peak less its idle RSS must stay within 100 MB (streamed, not held whole), beside a bare
 * node:http server piping the same 20 bodies to disk in the same run;
 * (b) the time to complete one ~12 MP JPEG (judged, decoded, three WebP variants and a
 * placeholder), beside sharp decoding the same JPEG to raw pixels alone.
 */
const UPLOADS = 20;
const UPLOAD_BYTES = 20 * 1024 * 1024;
const RSS_TARGET_MB = 100;
const PHOTO_RUNS = Math.max(1, Number(process.env.BENCH_UPLOAD_PHOTOS) || 5);
const PHOTO_SIZE = { width: 4000, height: 3000 };
const SAMPLE_MS = 5;

export interface UploadBenchResult {
  real: RssRun;
  bare: RssRun;
  photoMs: number;
  decodeMs: number;
  photoBytes: number;
}

interface RssRun {
  idleMb: number;
  peakMb: number;
  seconds: number;
}

/** The resident set of a process, in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** The peak RSS of `pid` while `work` runs, sampled every few milliseconds. */
async function peakRssDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, SAMPLE_MS);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssMb(pid));
}

/** The RSS of an idle process: the median of a second's samples, after a moment's rest. */
async function idleRssMb(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const samples: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    samples.push(rssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return median(samples);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A file streamed as the body of a PUT; answers the status. */
function putFile(url: string, file: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const size = fs.statSync(file).size;
    const request = http.request(
      url,
      { method: 'PUT', headers: { ...headers, 'content-length': String(size) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    fs.createReadStream(file).pipe(request);
  });
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** The API of the server under test, as a signed-in user. */
async function uploaderAt(baseUrl: string) {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Uploader',
      email: `uploader-${crypto.randomUUID()}@example.com`,
      password: 'Secret123',
      image: 'https://images.example.com/u.png',
    }),
  });
  const cookie = sessionCookieOf(signUp);
  await expectOk(signUp, 'sign-up');
  const headers = { origin: baseUrl, cookie };
  const post = async (url: string, body?: unknown) =>
    expectOk(
      await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      `POST ${url}`,
    );
  return {
    /** POST /api/uploads: the id and where its bytes go. */
    async start(name: string, type: string, size: number) {
      const created = (await post('/api/uploads', { name, size, type, purpose: 'task' })) as {
        id: string;
        upload: { url: string; headers: Record<string, string> };
      };
      return {
        id: created.id,
        send: async (file: string) => {
          const status = await putFile(`${baseUrl}${created.upload.url}`, file, {
            ...created.upload.headers,
            ...headers,
          });
          if (status !== 200) throw new Error(`PUT ${created.upload.url}: ${status}`);
        },
        complete: () => post(`/api/uploads/${created.id}/complete`),
      };
    },
  };
}

/** A PDF of exactly `size` bytes: the header the judge reads, random bytes, the trailer. */
function writeDocument(file: string, size: number) {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  const body = crypto.randomBytes(size - head.length - tail.length);
  fs.writeFileSync(file, Buffer.concat([head, body, tail]));
}

/** A phone-sized photo: 4000 × 3000 of noise (nothing for the encoders to skip), as JPEG. */
async function writePhoto(file: string) {
  await sharp({
    create: {
      ...PHOTO_SIZE,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toFile(file);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await work();
  return performance.now() - startedAt;
}

/** The 20 × 20 MB at the bare yardstick: node:http piping each body to a file. */
async function bareRun(dir: string, document: string): Promise<RssRun> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnChild(['bench/bare-upload-server.ts', dir, String(port)], { cwd: ROOT });
  try {
    await waitUntilAnswering(url, child, performance.now());
    const pid = child.process.pid!;
    const idleMb = await idleRssMb(pid);
    let seconds = 0;
    const peakMb = await peakRssDuring(pid, async () => {
      seconds =
        (await timed(() =>
          Promise.all(
            Array.from({ length: UPLOADS }, async () => {
              const status = await putFile(`${url}/upload`, document, {});
              if (status !== 200) throw new Error(`bare PUT: ${status}`);
            }),
          ),
        )) / 1000;
    });
    return { idleMb, peakMb, seconds };
  } finally {
    await stopChild(child);
  }
}

export async function runUploadBench(): Promise<UploadBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-upload-bench-'));
  try {
    const document = path.join(dir, 'document.pdf');
    const photo = path.join(dir, 'photo.jpg');
    writeDocument(document, UPLOAD_BYTES);
    await writePhoto(photo);
    const dataDir = path.join(dir, 'data');
    const bareDir = path.join(dir, 'bare');
    fs.mkdirSync(dataDir);
    fs.mkdirSync(bareDir);

    const { baseUrl, env } = await serverEnv(dataDir);
    const server = await startServer(
      {
        ...env,
        STORAGE: 'local',
        UPLOAD_MAX_BYTES: String(UPLOAD_BYTES),
        UPLOAD_QUOTA_BYTES: String(4 * UPLOADS * UPLOAD_BYTES),
        UPLOADS_PER_DAY: '1000',
        NEW_ACCOUNT_UPLOADS_PER_DAY: '1000',
      },
      baseUrl,
    );
    let real: RssRun;
    let photoMs: number;
    try {
      const api = await uploaderAt(baseUrl);
      const uploads = await Promise.all(
        Array.from({ length: UPLOADS }, (_, i) =>
          api.start(`document-${i}.pdf`, 'application/pdf', UPLOAD_BYTES),
        ),
      );
      const pid = server.child.process.pid!;
      const idleMb = await idleRssMb(pid);
      let seconds = 0;
      log(`uploading ${UPLOADS} × ${UPLOAD_BYTES / 1024 / 1024} MB to the server…`);
      const peakMb = await peakRssDuring(pid, async () => {
        seconds =
          (await timed(async () => {
            await Promise.all(uploads.map((upload) => upload.send(document)));
            await Promise.all(uploads.map((upload) => upload.complete()));
          })) / 1000;
      });
      real = { idleMb, peakMb, seconds };

      log(`completing ${PHOTO_RUNS} photos of ${PHOTO_SIZE.width} × ${PHOTO_SIZE.height}…`);
      const photoTimes: number[] = [];
      for (let i = 0; i < PHOTO_RUNS; i += 1) {
        const upload = await api.start(`photo-${i}.jpg`, 'image/jpeg', fs.statSync(photo).size);
        await upload.send(photo);
        photoTimes.push(await timed(() => upload.complete()));
      }
      photoMs = median(photoTimes);
    } finally {
      await stopChild(server.child);
    }

    log('the same uploads to a bare node:http server…');
    const bare = await bareRun(bareDir, document);
    const decodeTimes: number[] = [];
    for (let i = 0; i < PHOTO_RUNS; i += 1) {
      decodeTimes.push(await timed(() => sharp(photo).raw().toBuffer()));
    }
    return {
      real,
      bare,
      photoMs,
      decodeMs: median(decodeTimes),
      photoBytes: fs.statSync(photo).size,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printUploadReport({
  real,
  bare,
  photoMs,
  decodeMs,
  photoBytes,
}: UploadBenchResult): void {
  const growth = (run: RssRun) => run.peakMb - run.idleMb;
  const mb = (value: number) => value.toFixed(1);
  const ratio = (value: number) => `${value.toFixed(2)}×`;
  console.log('');
  console.log(
    `Uploads (issue 49): ${UPLOADS} concurrent × ${UPLOAD_BYTES / 1024 / 1024} MB documents, ` +
      `STORAGE=local; photo: ${PHOTO_SIZE.width} × ${PHOTO_SIZE.height} JPEG ` +
      `(${mb(photoBytes / 1024 / 1024)} MB), median of ${PHOTO_RUNS}; ` +
      `Node ${process.version}, ${os.availableParallelism()} cores`,
  );
  console.log('');
  printTable(
    ['Measure', 'Tasklane', 'Baseline', 'Tasklane/baseline', 'Baseline is'],
    [
      [
        'RSS peak − idle, MB',
        mb(growth(real)),
        mb(growth(bare)),
        ratio(growth(real) / Math.max(growth(bare), 1)),
        'node:http piping to disk',
      ],
      ['RSS idle, MB', mb(real.idleMb), mb(bare.idleMb), ratio(real.idleMb / bare.idleMb), ''],
      [
        `${UPLOADS} uploads, s`,
        real.seconds.toFixed(2),
        bare.seconds.toFixed(2),
        ratio(real.seconds / bare.seconds),
        'Tasklane: sent and completed',
      ],
      [
        'ms per photo',
        formatMs(photoMs),
        formatMs(decodeMs),
        ratio(photoMs / decodeMs),
        'sharp decoding it to raw',
      ],
    ],
  );
  console.log('');
  console.log(
    `  ${mark(growth(real) <= RSS_TARGET_MB)}  server RSS within ${RSS_TARGET_MB} MB of idle ` +
      `during the uploads: +${mb(growth(real))} MB`,
  );
}
