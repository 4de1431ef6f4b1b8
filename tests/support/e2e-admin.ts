import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import type { SignedUpUser } from './e2e-accounts.ts';
import { e2eEnv } from './e2e-env.ts';
import { ROOT_DIR } from './server-process.ts';

const run = promisify(execFile);

/** `npm run admin -- --email …` on a server's data directory (its SQLite database). */
export async function runAdminCli(email: string, dataDir: string): Promise<void> {
  const { stdout } = await run(
    process.execPath,
    ['src/server/moderation/admin-cli.ts', '--email', email],
    // Only what the CLI needs: never a developer's DATABASE_URL from the shell.
    { cwd: ROOT_DIR, env: { PATH: process.env.PATH, DATA_DIR: dataDir } },
  );
  expect(stdout).toContain(`${email} is an admin now.`);
}

/** Makes the account an operator of the shared server. */
export const makeAdmin = (user: SignedUpUser) => runAdminCli(user.email, e2eEnv().dataDir);
