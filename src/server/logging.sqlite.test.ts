import { afterEach, describe, expect, it } from 'vitest';
import { serverProcesses } from '../../tests/support/instances.ts';
import { signUpOverHttp, type ServerProcess } from '../../tests/support/server-process.ts';
import { formatLogLine } from './logging.ts';

// What an operator sees from `npm start`: the real server as a process (issue 8).

/** Each test starts a server process. */
const SLOW = 60_000;
const processes = serverProcesses();
afterEach(() => processes.close());
const start = (env: Record<string, string>) =>
  processes.start({ dataDir: processes.freshDir(), env });

/** A short visit: pages, lists, a task, a sign-up with its session cookie. */
async function visit(server: ServerProcess): Promise<string> {
  const cookie = await signUpOverHttp(server);
  for (const url of ['/', '/browse-tasks', '/api/tasks', '/api/tasks?limit=8&sort=deadline']) {
    await (await fetch(`${server.url}${url}`, { headers: { cookie } })).arrayBuffer();
  }
  return cookie;
}

const lines = (server: ServerProcess) => server.output().trimEnd().split('\n');

describe('server log', () => {
  it(
    'says where it serves in one readable line, and logs no request by default',
    async () => {
      // However busy the machine, no request here counts as slow.
      const server = await start({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '60000' });
      await visit(server);
      await server.stop();
      const output = lines(server);
      expect(output[0]).toMatch(
        /^\d{4}-\d\d-\d\dT\S+Z INFO Tasklane is serving http:\/\/127\.0\.0\.1:\d+ \(sqlite\); open http:\/\/127\.0\.0\.1:\d+$/,
      );
      // The sign-up's mail is logged (no SMTP_URL) if the mail sender's poll, once a second,
      // comes before the process ends: on a slow machine it came during the stop (CI,
      // 2026-11-28). It is not a request.
      const mails = (line: string) => / INFO mail not sent \(no SMTP_URL\) /.test(line);
      expect(output.slice(1).filter((line) => !mails(line))).toEqual([
        expect.stringMatching(/ INFO stopping: finishing requests in flight signal=SIGTERM$/),
      ]);
    },
    SLOW,
  );

  it(
    'logs every request at debug, without cookies',
    async () => {
      const server = await start({ LOG_LEVEL: 'debug', SLOW_REQUEST_MS: '60000' });
      const cookie = await visit(server);
      await server.stop();
      const requests = lines(server).filter((line) => line.includes(' DEBUG request '));
      expect(requests.length).toBeGreaterThanOrEqual(6);
      expect(requests).toContainEqual(
        expect.stringMatching(/ method=GET path=\/api\/tasks\?limit=8&sort=deadline status=200 /),
      );
      const token = cookie.split('=')[1]!.split('.')[0]!;
      expect(server.output()).not.toContain(token);
    },
    SLOW,
  );

  it(
    'warns of slow requests',
    async () => {
      const server = await start({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '1' });
      await signUpOverHttp(server); // hashing a password takes well over a millisecond
      await server.stop();
      expect(server.output()).toMatch(
        / WARN slow request reqId=\S+ method=POST path=\/api\/auth\/sign-up\/email status=200 ms=\d+/,
      );
    },
    SLOW,
  );

  it(
    'writes a few slow-request lines a second and counts the rest',
    async () => {
      const server = await start({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '1' });
      // Thirty slow requests at once (each hashes a password), then one more a second later.
      await Promise.all(Array.from({ length: 30 }, () => signUpOverHttp(server)));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await signUpOverHttp(server);
      await server.stop();
      const output = server.output();
      const slowLines = output.split('\n').filter((line) => line.includes(' WARN slow request '));
      expect(slowLines.length).toBeLessThan(31);
      expect(output).toMatch(/ WARN more slow requests were not logged count=\d+/);
    },
    SLOW,
  );

  it(
    'writes JSON lines with LOG_FORMAT=json',
    async () => {
      const server = await start({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
      await server.stop();
      const first = JSON.parse(lines(server)[0]!);
      expect(first).toMatchObject({
        level: 30,
        msg: expect.stringContaining('Tasklane is serving'),
      });
    },
    SLOW,
  );
});

describe('formatLogLine', () => {
  it('puts time, level, message and fields on one line, and a stack under it', () => {
    const line = JSON.stringify({
      level: 50,
      time: Date.UTC(2026, 10, 22, 12),
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      msg: 'request failed',
      err: { message: 'boom', stack: 'Error: boom\n    at here' },
    });
    expect(formatLogLine(line)).toBe(
      '2026-11-22T12:00:00.000Z ERROR request failed reqId=req-1\nError: boom\n    at here\n',
    );
  });
});
