import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { deviceMark } from './device-mark.ts';

/** The Set-Cookie a request over `protocol` is answered with. */
function setCookieOf(protocol: 'http' | 'https', isSecure: boolean): string {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => (headers[name] = value) };
  const request = { headers: {}, protocol };
  deviceMark(request as FastifyRequest, reply as unknown as FastifyReply, { isSecure });
  return headers['set-cookie'] ?? '';
}

describe('the device mark cookie (decision 054)', () => {
  it('is Secure as the session cookie is, by PUBLIC_URL, whatever protocol reached the app', () => {
    // A proxy ending TLS passes on plain http: the mark is Secure all the same.
    expect(setCookieOf('http', true)).toMatch(/; Secure$/);
    expect(setCookieOf('https', false)).not.toContain('Secure');
  });
});
