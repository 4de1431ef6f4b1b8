import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { signUpOverHttp, startServer, type ServerProcess } from './server-process.ts';
import type { SmtpInbox } from './smtp-inbox.ts';
import type { TestDatabase } from './test-database.ts';

/** Server processes that mail through one test SMTP inbox (issue 19's outbox tests). */
const SECRET = 'outbox-processes-secret-0123456789-abcdef';
const VERIFY_SUBJECT = 'Confirm your email for Tasklane';

export class MailingServers {
  readonly #servers: ServerProcess[] = [];
  readonly #dataDirs: string[] = [];

  readonly inbox: SmtpInbox;
  readonly database: TestDatabase;

  constructor(inbox: SmtpInbox, database: TestDatabase) {
    this.inbox = inbox;
    this.database = database;
  }

  /** A server on the database; SQLite's share its data directory, PostgreSQL's each their own. */
  async start(pollMs: number): Promise<ServerProcess> {
    let dataDir = this.database.dataDir;
    if (this.database.engine === 'postgres') {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-outbox-'));
      this.#dataDirs.push(dataDir);
    }
    const server = await startServer({
      dataDir,
      env: {
        DATABASE_URL: this.database.databaseUrl,
        BETTER_AUTH_SECRET: SECRET,
        SMTP_URL: this.inbox.url,
        MAIL_POLL_MS: String(pollMs),
        LOG_LEVEL: 'error',
      },
    });
    this.#servers.push(server);
    return server;
  }

  /** Signs `count` users up, taking the servers in turn; each sign-up writes a mail. */
  async signUpMany(servers: ServerProcess[], count: number): Promise<string[]> {
    const emails: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const email = `outbox-${index}-${Date.now()}@example.com`;
      await signUpOverHttp(servers[index % servers.length]!, { email });
      emails.push(email);
    }
    return emails;
  }

  /** Waits for every address's verification mail, then a little longer for any repeat. */
  async expectEachMailedOnce(emails: string[]): Promise<void> {
    for (const email of emails) {
      await this.inbox.next(email, { subject: VERIFY_SUBJECT, timeoutMs: 20_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const email of emails) {
      const mails = this.inbox.to(email).filter((mail) => mail.subject === VERIFY_SUBJECT);
      expect(mails, email).toHaveLength(1);
    }
  }

  async close(): Promise<void> {
    for (const server of this.#servers.splice(0)) await server.kill();
    await this.database.drop();
    for (const dir of this.#dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
