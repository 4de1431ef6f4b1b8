import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MailingServers } from '../../../tests/support/mail-processes.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox.ts';

/**
 * Issue 19 "Nothing is lost and nothing is sent twice", with real server processes: one killed
 * after its commits but before it sent their mails sends nothing, and the next process sends
 * each of them once. Both engines; two instances on one PostgreSQL are
 * outbox-instances.postgres.test.ts.
 */
const SLOW = 120_000;
let inbox: SmtpInbox;
let servers: MailingServers | undefined;

beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterEach(async () => servers?.close());
afterAll(async () => inbox.close());

describe('the outbox across a restart', () => {
  it(
    'a process killed before it sent its mails leaves them to the next one, which sends each once',
    async () => {
      servers = await MailingServers.create(inbox);
      // It looks for mail once, at start, and not again for a minute.
      const first = await servers.start(60_000);
      const emails = await servers.signUpMany([first], 6);
      await first.kill('SIGKILL');
      for (const email of emails) expect(inbox.to(email)).toHaveLength(0);

      await servers.start(20);
      await servers.expectEachMailedOnce(emails);
    },
    SLOW,
  );
});
