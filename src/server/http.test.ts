import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotTasks } from '../../tests/support/db-snapshot.ts';
import {
  APP_ORIGIN,
  createTestApp,
  validTask,
  type TestApp,
  type TestUser,
} from '../../tests/support/test-app.ts';
import Fastify from 'fastify';
import { CROSS_SITE_WRITE, headerSetter, headersSetBy } from './security.ts';

/** Helmet's headers (security.ts), as every answer carries them. */
const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

let t: TestApp;
let user: TestUser;
let taskId: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Tasklane</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(clientDir, 'page-preload.json'),
    JSON.stringify({
      files: ['/assets/page-imports-abc.js', '/assets/search-url-def.js'],
      routes: { 'task-details': ['/assets/task-details-ghi.js'], terms: ['/assets/terms-jkl.js'] },
    }),
  );
  t = await createTestApp({}, { clientDir });
  user = await t.signUp();
  taskId = (await t.request('POST', '/api/tasks', { user, body: validTask() })).json().insertedId;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('cross-origin requests', () => {
  it('let any site read tasks, without credentials', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: { origin: 'https://other-client.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answer every request with the CORS headers of its origin, preflight or not', async () => {
    const corsHeaders = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => name.startsWith('access-control-') || name === 'vary',
        ),
      );
    const exposed = 'set-auth-token';
    const cases = [
      [undefined, { vary: 'Origin', 'access-control-allow-origin': '*' }],
      ['https://other.example', { vary: 'Origin', 'access-control-allow-origin': '*' }],
      [
        APP_ORIGIN,
        {
          vary: 'Origin',
          'access-control-allow-origin': APP_ORIGIN,
          'access-control-allow-credentials': 'true',
        },
      ],
    ] as const;
    for (const [origin, expected] of cases) {
      const headers = origin ? { origin } : {};
      for (const url of [`/api/tasks/${taskId}`, '/api/no-such-route']) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(corsHeaders(response.headers), `${origin} ${url}`).toEqual({
          ...expected,
          'access-control-expose-headers': exposed,
        });
      }
    }
    // A write refused as cross-site says nothing of CORS.
    const refused = await t.request('PATCH', `/api/tasks/${taskId}/bids`, {
      user,
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect(corsHeaders(refused.headers)).toEqual({});
    // A preflight: the methods, and the headers it asked for, which its answer varies with.
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/tasks',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(corsHeaders(preflight.headers)).toEqual({
      vary: 'Origin, Access-Control-Request-Headers',
      'access-control-allow-origin': APP_ORIGIN,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': exposed,
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'content-type',
    });
    const notPreflight = await t.app.inject({ method: 'OPTIONS', url: '/api/tasks' });
    expect(notPreflight.statusCode).toBe(400);
  });

  it('do not let another site write, even with a valid session cookie', async () => {
    const before = await snapshotTasks(t.db);
    for (const [method, url] of [
      ['POST', '/api/tasks'],
      ['PUT', `/api/tasks/${taskId}`],
      ['PATCH', `/api/tasks/${taskId}/bids`],
      ['DELETE', `/api/tasks/${taskId}`],
    ] as const) {
      const response = await t.request(method, url, {
        user,
        body: validTask(),
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ message: CROSS_SITE_WRITE });
    }
    expect(await snapshotTasks(t.db)).toEqual(before);
  });

  it('pass a preflight from another site only without credentials, for every method', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/tasks/${taskId}`,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization',
      },
    });
    // A page elsewhere may call with a bearer token it holds, never with the visitor's cookies.
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toContain('DELETE');
    expect(response.headers['access-control-allow-headers']).toContain('authorization');
  });

  it("answer the app's own origin with credentials", async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/tasks/${taskId}`,
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'PUT' },
    });
    expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('let a trusted origin preflight every method the API has (TRUSTED_ORIGINS)', async () => {
    const other = 'https://partner.example';
    const trusting = await createTestApp({ TRUSTED_ORIGINS: other });
    try {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await trusting.app.inject({
          method: 'OPTIONS',
          url: `/api/tasks/some-id`,
          headers: { origin: other, 'access-control-request-method': method },
        });
        expect(response.headers['access-control-allow-origin'], method).toBe(other);
        expect(response.headers['access-control-allow-credentials']).toBe('true');
        const allowed = String(response.headers['access-control-allow-methods']).split(/,\s*/);
        expect(allowed, method).toContain(method);
      }
    } finally {
      await trusting.close();
    }
  });
});

describe('the web app and documents', () => {
  it('serves index.html for client routes, with security headers', async () => {
    for (const url of ['/', '/browse-tasks', '/task/abc', '/dashboard/all-tasks']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Tasklane</title>');
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
      expect(response.headers['content-security-policy']).not.toContain('stripe');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('has a first visit to any page but the home page load the pages’ imports beside the shell', async () => {
    const common =
      '</assets/page-imports-abc.js>; rel=modulepreload, </assets/search-url-def.js>; rel=modulepreload';
    for (const url of ['/terms', '/task/abc/x', '/browse-tasks?page=2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers.link, url).toBe(common);
    }
    // A search page's first page starts with it, as the app reads its URL.
    for (const [url, read] of [
      ['/browse-tasks?q=logo', '/api/tasks/search?q=logo'],
      ['/dashboard/all-tasks', '/api/tasks/search?'],
      [
        '/browse-tasks?sort=asc&category=Design',
        '/api/tasks/search?category=Design&sort=budget_asc',
      ],
    ]) {
      const response = await t.app.inject({ method: 'GET', url: url! });
      expect(response.headers.link, url).toBe(
        `${common}, <${read}>; rel=preload; as=fetch; crossorigin`,
      );
    }
    // Issue 51: the pages people arrive at from outside preload their own chunks too.
    for (const url of ['/task/abc', '/task/abc/', '/task/abc?from=mail']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers.link, url).toBe(
        `${common}, </assets/task-details-ghi.js>; rel=modulepreload`,
      );
    }
    // A profile's read starts with the page; a signed-in visit's session and the task's reads too.
    const profile = await t.app.inject({ method: 'GET', url: '/users/u%201' });
    expect(profile.headers.link).toBe(
      `${common}, </api/users/u%201>; rel=preload; as=fetch; crossorigin`,
    );
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/task/${taskId}`,
      headers: { cookie: user.cookie },
    });
    const reads = ['', '/offers', '/reviews', '/questions'].map(
      (part) => `</api/tasks/${taskId}${part}>; rel=preload; as=fetch; crossorigin`,
    );
    expect(signedIn.headers.link).toBe(
      [
        `${common}, </assets/task-details-ghi.js>; rel=modulepreload`,
        '</api/auth/get-session>; rel=preload; as=fetch; crossorigin',
        ...reads,
      ].join(', '),
    );
    for (const url of ['/', '/?utm_source=mail']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBeUndefined();
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.headers.link).toBeUndefined();
  });

  it('sends the same security headers with every kind of answer', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const expected = Object.fromEntries(
      SECURITY_HEADER_NAMES.map((name) => [name, page.headers[name]]),
    );
    for (const name of SECURITY_HEADER_NAMES) expect(expected[name], name).toBeDefined();
    expect(expected['x-frame-options']).toBe('SAMEORIGIN');
    expect(expected['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/tasks?limit=1' }),
      await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}` }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/tasks/${taskId}/bids`,
        headers: { cookie: user.cookie, origin: 'https://evil.example' },
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 403]);
    for (const answer of answers) {
      for (const name of SECURITY_HEADER_NAMES)
        expect(answer.headers[name], name).toBe(expected[name]);
    }
    // The sign-in popup's way back keeps no opener policy.
    const callback = await t.app.inject({ method: 'GET', url: '/api/auth/callback/google' });
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it('reads the headers a middleware sets once, and refuses one that does not finish at once', () => {
    expect(
      headersSetBy((_request, response, next) => {
        response.setHeader('X-One', 'a');
        response.setHeader('X-Two', 'b');
        response.removeHeader('x-one');
        next();
      }),
    ).toEqual({ 'x-two': 'b' });
    expect(() => headersSetBy((_request, _response, next) => setTimeout(next))).toThrow(
      /did not finish/,
    );
  });

  it("gives a reply the headers of an object built once, Fastify's own headers after them", async () => {
    const app = Fastify();
    const setHeaders = headerSetter();
    const headers = { 'x-one': 'a', vary: 'Origin' };
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url === '/set-before') reply.header('x-before', 'kept');
      setHeaders(reply, headers);
      done();
    });
    let seen: object | undefined;
    app.get('/*', (_request, reply) => {
      seen = reply;
      reply.header('vary', 'Origin, accept-encoding').send('ok');
    });
    for (const url of ['/', '/set-before']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-one']).toBe('a');
      expect(response.headers.vary).toBe('Origin, accept-encoding');
      expect(response.headers['x-before']).toBe(url === '/' ? undefined : 'kept');
    }
    // The object built once is copied, never written to.
    expect(headers).toEqual({ 'x-one': 'a', vary: 'Origin' });
    // The quick way (a copy in place of Fastify's empty object of headers) needs its symbol:
    // a Fastify without it still gets every header, one at a time.
    const names = Object.getOwnPropertySymbols(seen).map((symbol) => symbol.description);
    expect(names).toContain('fastify.reply.headers');
    await app.close();
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with a 404, not the page (an old tab after a redeploy)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-gone00.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('describes the API in OpenAPI and serves the docs page', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const paths = spec.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/tasks', '/api/tasks/{id}', '/api/tasks/{id}/bids']),
    );
    expect(Object.keys(paths['/api/tasks/{id}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
  });

  it("points the OpenAPI document's readers at the docs pages that explain the API", async () => {
    const { description } = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
      .info as { description: string };
    const pages = [...description.matchAll(/`(docs\/[a-z-]+\.md)`/g)].map((match) => match[1]);
    expect(pages).toEqual([
      'docs/api.md',
      'docs/security.md',
      'docs/payments.md',
      'docs/moderation.md',
      'docs/email.md',
      'docs/operations.md',
      'docs/configuration.md',
    ]);
    const root = path.resolve(import.meta.dirname, '../..');
    for (const page of pages) expect(fs.existsSync(path.join(root, page!)), page).toBe(true);
  });

  it("describes issue 9's calls, their summaries and the list's status parameter", async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    const calls: Array<[string, string]> = [
      ['/api/tasks/{id}/offers', 'post'],
      ['/api/tasks/{id}/offers', 'get'],
      ['/api/offers/{id}', 'put'],
      ['/api/offers/{id}/withdraw', 'post'],
      ['/api/offers/{id}/accept', 'post'],
      ['/api/offers/{id}/decline', 'post'],
      ['/api/me/offers', 'get'],
      ['/api/tasks/{id}/deliver', 'post'],
      ['/api/tasks/{id}/complete', 'post'],
      ['/api/tasks/{id}/reopen', 'post'],
      ['/api/tasks/{id}/reviews', 'post'],
      ['/api/tasks/{id}/reviews', 'get'],
      ['/api/users/{id}', 'get'],
    ];
    for (const [path, method] of calls) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(Object.keys(paths[path][method].responses), `${method} ${path}`).toContain('409');
    }
    const listParameters = paths['/api/tasks'].get.parameters.map((p: { name: string }) => p.name);
    expect(listParameters).toContain('status');
    const task = paths['/api/tasks/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(task.properties)).toEqual(
      expect.arrayContaining([
        'status',
        'expired',
        'userId',
        'assignee',
        'deliveredAt',
        'completedAt',
      ]),
    );
  });

  it("describes issue 19's calls, Better Auth's account routes among them", async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    const calls: Array<[string, string]> = [
      ['/api/auth/sign-up/email', 'post'],
      ['/api/auth/sign-in/email', 'post'],
      ['/api/auth/request-password-reset', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/auth/verify-email', 'get'],
      ['/api/auth/send-verification-email', 'post'],
      ['/api/auth/change-email', 'post'],
      ['/api/auth/change-password', 'post'],
      ['/api/auth/list-sessions', 'get'],
      ['/api/auth/revoke-other-sessions', 'post'],
      ['/api/me/export', 'get'],
      ['/api/me/delete-account', 'post'],
      ['/api/me/mail-preferences', 'get'],
      ['/api/contact', 'post'],
    ];
    for (const [path, method] of calls) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(paths).some((path) => path.includes('open-api'))).toBe(false);
    // Issue 47: what a taken address is answered is part of the description.
    expect(paths['/api/auth/sign-up/email'].post.description).toContain('answered alike');
    const generated = await t.app.inject({ method: 'GET', url: '/api/auth/reference' });
    expect(generated.statusCode).toBe(404);
  });

  it("describes issue 10's calls: conversations, notifications and the event stream", async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    const calls: Array<[string, string, string]> = [
      ['/api/tasks/{id}/questions', 'get', '404'],
      ['/api/tasks/{id}/questions', 'post', '429'],
      ['/api/questions/{id}/replies', 'post', '429'],
      ['/api/offers/{id}/messages', 'get', '403'],
      ['/api/offers/{id}/messages', 'post', '429'],
      ['/api/notifications', 'get', '401'],
      ['/api/notifications/read', 'post', '400'],
      ['/api/events', 'get', '401'],
    ];
    for (const [path, method, refusal] of calls) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(Object.keys(paths[path][method].responses), `${method} ${path}`).toContain(refusal);
    }
    const stream = paths['/api/events'].get.responses['200'].content;
    expect(Object.keys(stream)).toEqual(['text/event-stream']);
    const page = paths['/api/notifications'].get.responses['200'].content['application/json'];
    expect(Object.keys(page.schema.properties)).toEqual(['items', 'unreadCount']);
  });
});
