import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { BRAND } from '../../shared/brand.ts';
import {
  CONTACT_MESSAGES,
  CONTACT_THANKS,
  contactSchema,
  newsletterConfirmSchema,
  newsletterSchema,
} from '../../shared/contact.ts';
import { errorSchema, insertedSchema } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { enqueueMail, hasHadMailsThisHour } from './outbox.ts';

type Db = Kysely<Database>;

/** Issue 47: confirmation mails one address gets an hour, as forgot-password (RESET_MAILS_PER_HOUR). */
export const NEWSLETTER_MAILS_PER_HOUR = 3;
const NEWSLETTER_MAIL = 'newsletter-confirm';
const HOUR_MS = 60 * 60 * 1000;

const messageSchema = z.object({ message: z.string() });

/**
 * Issue 19: Contact Us is stored and mailed to SUPPORT_EMAIL with the sender as Reply-To; a
 * newsletter sign-up is stored and confirmed by a mailed link (double opt-in). Both are open to
 * visitors, so each client address may send only as many as it may try to sign in (per instance).
 */
export const contactRoutes: FastifyPluginAsyncZod<{
  db: Db;
  supportEmail: string;
  /** AUTH_RATE_LIMIT_*: the same allowance as sign-in, per client address. */
  limit: { max: number; windowSeconds: number };
}> = async (app, { db, supportEmail, limit }) => {
  await app.register(rateLimit, {
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    errorResponseBuilder: () => ({
      statusCode: 429,
      message: 'Too many messages from this address. Please wait a little and try again.',
    }),
  });

  app.post(
    '/api/contact',
    {
      schema: {
        summary: 'Send a message to support (Contact Us); no sign-in',
        description:
          'Stored, and mailed to the support address with the sender as Reply-To. Limited per client address like sign-in (AUTH_RATE_LIMIT_*).',
        body: contactSchema,
        response: {
          201: insertedSchema.extend({ message: z.string() }),
          400: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { name, email, subject, message } = request.body;
      const id = crypto.randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('contact_messages')
          .values({
            id,
            name,
            email,
            subject: subject || null,
            message,
            created_at: new Date().toISOString(),
          })
          .execute();
        await enqueueMail(trx, {
          kind: 'contact',
          to: supportEmail,
          headers: { 'Reply-To': `"${name.replaceAll('"', "'")}" <${email}>` },
          content: {
            subject: `Contact Us: ${subject || `a message from ${name}`}`,
            preview: message.slice(0, 100),
            heading: subject || `A message from ${name}`,
            paragraphs: [`From ${name} <${email}>:`, ...message.split(/\n{2,}/)],
            reason: `Sent from the Contact Us page of ${BRAND}. Reply to this email to answer ${name}.`,
          },
        });
      });
      return reply.status(201).send({ insertedId: id, message: CONTACT_THANKS });
    },
  );

  app.post(
    '/api/newsletter',
    {
      schema: {
        summary: 'Sign up for the newsletter; a mailed link confirms it (no sign-in)',
        description: `The answer is the same whether or not the address is already subscribed; only an address not yet confirmed gets the mail, at most ${NEWSLETTER_MAILS_PER_HOUR} an hour. Each client address may sign up AUTH_RATE_LIMIT_MAX addresses an hour.`,
        body: newsletterSchema,
        response: { 202: messageSchema, 400: errorSchema, 429: errorSchema },
      },
      // Each sign-up may mail someone else: a client gets the sign-in allowance an hour, not a window.
      config: { rateLimit: { max: limit.max, timeWindow: HOUR_MS } },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const token = crypto.randomBytes(24).toString('base64url');
      await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('newsletter_subscribers')
          .select('confirmed_at')
          .where('email', '=', email)
          .executeTakeFirst();
        if (existing?.confirmed_at) return;
        // Past the cap the link already mailed stays the one that works.
        if (await hasHadMailsThisHour(trx, NEWSLETTER_MAIL, email, NEWSLETTER_MAILS_PER_HOUR)) {
          return;
        }
        await trx
          .insertInto('newsletter_subscribers')
          .values({ email, token, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.column('email').doUpdateSet({ token }))
          .execute();
        await enqueueMail(trx, {
          kind: NEWSLETTER_MAIL,
          to: email,
          content: {
            subject: `Confirm your ${BRAND} newsletter subscription`,
            preview: 'One click and you are subscribed.',
            heading: 'Confirm your subscription',
            paragraphs: [
              `Someone, probably you, signed ${email} up for the ${BRAND} newsletter: new tasks, tips for clients and freelancers, and product news.`,
            ],
            action: { label: 'Yes, subscribe me', url: `/newsletter/confirm?token=${token}` },
            note: 'If it was not you, ignore this email: without a click, nothing is sent.',
            reason: `You get this email because this address was entered on the ${BRAND} home page.`,
          },
        });
      });
      return reply.status(202).send({ message: 'Check your inbox to confirm.' });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      schema: {
        summary: 'Confirm a newsletter sign-up with the token of its mail (no sign-in)',
        body: newsletterConfirmSchema,
        response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const result = await db
        .updateTable('newsletter_subscribers')
        .set((eb) => ({
          confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(new Date().toISOString())),
        }))
        .where('token', '=', request.body.token)
        .executeTakeFirst();
      if (!Number(result.numUpdatedRows)) {
        throw new AppError('bad_request', CONTACT_MESSAGES.newsletterLinkBad);
      }
      return { message: CONTACT_MESSAGES.newsletterConfirmed };
    },
  );
};
