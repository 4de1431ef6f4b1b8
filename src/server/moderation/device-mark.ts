import crypto from 'node:crypto';
import { parseCookies } from 'better-call';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Issue 47 (decision 054): a random mark the browser keeps for a year and sends with each report,
 * so that the accounts one person reports with from one browser count once, whatever address
 * each comes from. Signing out keeps it; only clearing the browser's cookies loses it. A client
 * without cookies (a bearer token, a script) gets a new one each time: then only its address
 * joins its reports.
 */
const DEVICE_COOKIE = 'tasklane.device';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const MARK = /^[A-Za-z0-9_-]{22}$/;

/**
 * The request's device mark, or a new one set on the reply: Secure by the session cookie's rule
 * (config.ts hasSecureCookies), not by the protocol a proxy in front passes on.
 */
export function deviceMark(
  request: FastifyRequest,
  reply: FastifyReply,
  { isSecure }: { isSecure: boolean },
): string {
  const sent = parseCookies(request.headers.cookie ?? '').get(DEVICE_COOKIE);
  if (sent && MARK.test(sent)) return sent;
  const mark = crypto.randomBytes(16).toString('base64url');
  const secure = isSecure ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${mark}; Path=/api/reports; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  return mark;
}
