import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Every child the bench started, so that any exit path can stop them all. */
const running = new Set<Child>();
const OUTPUT_TAIL_CHARS = 4000;

export interface Child {
  process: ChildProcess;
  /** The last few KB of its stdout and stderr, for the error message when it dies early. */
  output(): string;
  /** Settles when the process has exited. */
  exited: Promise<number | null>;
}

export function spawnChild(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; captureStdout?: boolean } = { cwd: '.' },
): Child {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  if (!options.captureStdout) child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const handle: Child = { process: child, output: () => tail, exited };
  running.add(handle);
  void exited.then(() => running.delete(handle));
  return handle;
}

/**
 * Runs a bench script (`args`) in a process of its own to its end and answers what it printed
 * on stdout; `onOutput` sees the output so far as it comes. Fails, with the script's output,
 * when it exits with another code than 0.
 */
export async function runScript(
  args: string[],
  cwd: string,
  onOutput?: (stdout: string) => void,
): Promise<string> {
  const child = spawnChild(args, { cwd, captureStdout: true });
  let stdout = '';
  child.process.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    onOutput?.(stdout);
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${args[0]} failed (${code}):\n${child.output()}`);
  return stdout;
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopChild(child: Child, graceMs = 5000): Promise<void> {
  const proc = child.process;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

/** A port that was free a moment ago; the server process binds it right after. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port was assigned'));
      });
    });
  });
}

/**
 * Polls `url` (requested as `init` says) until it answers 200, and returns the milliseconds since `startedAt`.
 * Fails early when the process exits instead.
 */
export async function waitUntilAnswering(
  url: string,
  child: Child,
  startedAt: number,
  init: RequestInit = {},
  timeoutMs = 30_000,
): Promise<number> {
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (performance.now() - startedAt < timeoutMs) {
    if (exited) throw new Error(`the process exited before answering ${url}:\n${child.output()}`);
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${child.output()}`);
}

/** Linux's clock ticks per second for /proc times (USER_HZ), fixed at 100 on every platform. */
const CLOCK_TICKS = 100;

/**
 * User plus system CPU seconds of a process so far, or of one of its threads (`thread`, a task
 * id: the pid is the main thread's), from /proc; undefined elsewhere.
 */
export function readCpuSeconds(pid: number, thread?: number): number | undefined {
  try {
    const path = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const stat = fs.readFileSync(path, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
