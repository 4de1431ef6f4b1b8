import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/**
 * A real SMTP server in the test process (issue 19): what the app sends arrives here over SMTP
 * and is parsed with mailparser, so tests read the mails as a mail client would. It can refuse
 * mail (every message answered 451) to stand for a server that is down, and be stopped and
 * started again on the same port.
 */
export interface SmtpInbox {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  port: number;
  mails: ParsedMail[];
  /** Mails sent to `address` so far. */
  to(address: string): ParsedMail[];
  /** Waits for the `count`th mail to `address` (1 by default), of `subject` if given. */
  next(
    address: string,
    options?: { count?: number; subject?: string; timeoutMs?: number },
  ): Promise<ParsedMail>;
  /** While true, every message is refused with a temporary error (451). */
  refusing: boolean;
  /** SMTP connections opened to it so far. */
  connections: number;
  close(): Promise<void>;
}

const addressesOf = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address?.toLowerCase()));

/** Starts an inbox on `port` (any free one by default), filling in `inbox` if given. */
export async function startSmtpInbox(port = 0, inbox = {} as SmtpInbox): Promise<SmtpInbox> {
  const mails: ParsedMail[] = [];
  Object.assign(inbox, {
    url: '',
    port: 0,
    mails,
    refusing: false,
    connections: 0,
    to: (address) => mails.filter((mail) => addressesOf(mail).includes(address.toLowerCase())),
    async next(address, { count = 1, subject, timeoutMs = 10_000 } = {}) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = inbox.to(address).filter((mail) => !subject || mail.subject === subject);
        if (found.length >= count) return found[count - 1]!;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies SmtpInbox);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The app's sender keeps its connections open (pooled): closing, they are ended after this
    // long, not smtp-server's 30 s.
    closeTimeout: 200,
    onConnect(_session, callback) {
      inbox.connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      if (inbox.refusing) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  inbox.port = (server.server.address() as AddressInfo).port;
  inbox.url = `smtp://127.0.0.1:${inbox.port}`;
  return inbox;
}

/** In a file or describe: an inbox started before its tests (filled in then) and closed after. */
export function useSmtpInbox(): SmtpInbox {
  const inbox = {} as SmtpInbox;
  beforeAll(async () => {
    await startSmtpInbox(0, inbox);
  });
  afterAll(async () => inbox.close?.());
  return inbox;
}
