import { afterAll, beforeAll, describe, it } from 'vitest';
import { MailingServers } from '../../../tests/support/mail-processes.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox.ts';

/**
 * Issue 19: two instances polling one PostgreSQL every 10 ms, sign-ups spread over both, and
 * each mail arrives once: a claim takes its rows with FOR UPDATE SKIP LOCKED and a lease.
 */
const SLOW = 120_000;
let inbox: SmtpInbox;
let servers: MailingServers;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  servers = await MailingServers.create(inbox);
});
afterAll(async () => {
  await servers.close();
  await inbox.close();
});

describe('two instances on one PostgreSQL', () => {
  it(
    'send each mail once between them',
    async () => {
      const both = [await servers.start(10), await servers.start(10)];
      const emails = await servers.signUpMany(both, 16);
      await servers.expectEachMailedOnce(emails);
    },
    SLOW,
  );
});
