import { expect } from 'vitest';
import { createInstances, type Instances } from './instances.ts';
import { signUpOverHttp, type ServerProcess } from './server-process.ts';
import type { SmtpInbox } from './smtp-inbox.ts';

/** Server processes that mail through one test SMTP inbox (issue 19's outbox tests). */
const SECRET = 'outbox-processes-secret-0123456789-abcdef';
const VERIFY_SUBJECT = 'Confirm your email for Tasklane';

export class MailingServers {
  readonly inbox: SmtpInbox;
  readonly #instances: Instances;

  private constructor(inbox: SmtpInbox, instances: Instances) {
    this.inbox = inbox;
    this.#instances = instances;
  }

  /** Servers on a fresh database of this project's engine, mailing to `inbox`. */
  static async create(inbox: SmtpInbox): Promise<MailingServers> {
    const env = { BETTER_AUTH_SECRET: SECRET, SMTP_URL: inbox.url, LOG_LEVEL: 'error' };
    return new MailingServers(inbox, await createInstances(env));
  }

  /** A server on the database that looks for mail to send every `pollMs`. */
  start(pollMs: number): Promise<ServerProcess> {
    return this.#instances.start({ MAIL_POLL_MS: String(pollMs) });
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

  close(): Promise<void> {
    return this.#instances.close();
  }
}
