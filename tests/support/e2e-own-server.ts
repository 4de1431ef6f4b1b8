import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { ROOT_DIR, signUpOverHttp, startServer, type ServerProcess } from './server-process.ts';

/**
 * A real server of a test's own, beside the shared one of the global setup: for the states that
 * one cannot show (no tasks, no Google) and for the tests that stop it, start it again on the
 * same port and data, or change the built app it serves (issue 8).
 */
export interface OwnServer {
  /** http://127.0.0.1:PORT, the same after a restart. */
  readonly url: string;
  /** Its DATA_DIR, for the CLI (npm run admin, say). */
  readonly dataDir: string;
  /** Stops the process; the data directory (and the port number) stay for `restart`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  restart(): Promise<void>;
  /** Stops it and removes its directories. */
  dispose(): Promise<void>;
}

export interface OwnServerOptions {
  /** Extra environment (undefined removes a variable); Google is off unless given. */
  env?: Record<string, string | undefined>;
  /** Serve this directory as the built app (CLIENT_DIR) instead of dist/client. */
  clientDir?: string;
}

export async function startOwnServer(options: OwnServerOptions = {}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-e2e-own-'));
  // A loaded machine may take longer than the default 20 s to start a server (as global-setup).
  const settings = {
    dataDir,
    env: options.env,
    clientDir: options.clientDir,
    readyTimeoutMs: 60_000,
  };
  let server: ServerProcess;
  try {
    server = await startServer(settings);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { port, url } = server;
  return {
    url,
    dataDir,
    async stop() {
      await server.stop();
    },
    async restart() {
      server = await startServer({ ...settings, port });
    },
    async dispose() {
      await server.stop().catch((error: unknown) => console.error(error));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a new user up on the server and puts the session into the browser context. */
export async function logInOnOwnServer(
  context: BrowserContext,
  server: Pick<OwnServer, 'url'>,
  overrides: Parameters<typeof signUpOverHttp>[1] = {},
): Promise<void> {
  const cookieHeader = await signUpOverHttp({ url: server.url, origin: server.url }, overrides);
  await context.addCookies(
    cookieHeader.split('; ').map((pair) => {
      const separator = pair.indexOf('=');
      return {
        name: pair.slice(0, separator),
        value: pair.slice(separator + 1),
        url: server.url,
        httpOnly: true,
        sameSite: 'Lax' as const,
      };
    }),
  );
}

const BUILT_CLIENT = path.join(ROOT_DIR, 'dist/client');

/**
 * A copy of the built app in a temporary directory, to change under a running server. Without
 * the precompressed .gz/.br files, so a changed file is the one served.
 */
export function copyBuiltClient(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-e2e-client-'));
  fs.cpSync(BUILT_CLIENT, dir, {
    recursive: true,
    filter: (source) => !/\.(gz|br)$/.test(source),
  });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The file of the copy's assets/ whose name is `name-HASH.js` (a page's code chunk). */
export function chunkFile(clientDir: string, name: string): string {
  const pattern = new RegExp(`^${name}-[\\w-]{8}\\.js$`);
  const file = fs.readdirSync(path.join(clientDir, 'assets')).find((entry) => pattern.test(entry));
  if (!file) throw new Error(`no chunk ${name}-HASH.js in ${clientDir}/assets`);
  return path.join(clientDir, 'assets', file);
}

/**
 * What a redeploy does to the files an open tab knows: every hashed asset gets a new name (and
 * the old one is gone), and index.html and the other assets refer to the new names.
 */
export function redeployClient(clientDir: string): void {
  const assetsDir = path.join(clientDir, 'assets');
  const renames = fs.readdirSync(assetsDir).map((name) => ({
    from: name,
    to: name.replace(/(\.\w+)$/, 'n$1'),
  }));
  const rewrite = (file: string) => {
    let text = fs.readFileSync(file, 'utf8');
    for (const { from, to } of renames) text = text.replaceAll(`/${from}`, `/${to}`);
    fs.writeFileSync(file, text);
  };
  for (const { from, to } of renames) {
    const file = path.join(assetsDir, from);
    if (/\.(js|css)$/.test(from)) rewrite(file);
    fs.renameSync(file, path.join(assetsDir, to));
  }
  rewrite(path.join(clientDir, 'index.html'));
}
