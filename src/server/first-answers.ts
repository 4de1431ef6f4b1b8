import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { JSON_TYPE } from './answer-cache.ts';
import { isJsonType, type AnswerSecurity } from './security.ts';

/**
 * Answers sent before Fastify (issue 48, docs/decisions/006-hot-path-choices.md), by the
 * server's own request listener, with the same status, bytes and headers as Fastify's (security
 * and CORS headers by origin, security.ts; the JSON type and length), counted by the metrics,
 * the slow-request log and the task changes announced (events/task-changes.ts) as Fastify's
 * answers are:
 * - a read of the most read route (GET /api/tasks/:id) by a reader with no credential, or one
 *   whose session the session cache knows (auth/session.ts `knownReaderOf`), whose answer the
 *   answer cache holds as of now for that reader (answer-cache.ts `keptFor`);
 * - the busiest write, a counter bid (PATCH /api/tasks/:id/bids), with no body, from one of our
 *   pages (security.ts `isFromOurPages`), by a user the session cache knows, where it succeeds:
 *   a bid the rules refuse has changed nothing, and goes on to Fastify, whose route runs it
 *   again and answers why.
 * Anything else (another method or route, a credential not known at once, a query string, a
 * body, an escaped or odd path, nothing kept, the server closing) goes to Fastify as before.
 *
 * Buys: Fastify's request, reply, routing, hooks and send path, about 25–30 µs of server CPU a
 * read on the machines of decision 006, where the bare server answering the same bytes takes
 * 15–45: `npm run bench`'s task by id went from about half of the bare server's rate to the
 * figures of docs/performance.md; a bid's server CPU 3.09 → 2.80 times the bare server's,
 * bids a second 34 → 40 % of its rate (four pairs of runs). Off: FIRST_ANSWERS = false
 * (Fastify makes its own server again), or LOG_LEVEL=debug or trace (every request
 * logged through Fastify).
 */
export const FIRST_ANSWERS: boolean = true;

/** A route whose kept answers go first: one parameter at the end of its path. */
export interface FirstRoute {
  /** The route's pattern as Fastify names it (the metrics' label). */
  url: string;
  /** The path up to the parameter, as Fastify routes it (`/api/tasks/`). */
  prefix: string;
  /** The answer kept for the parameter as the database is now, as `readerId` (null: no one) reads it. */
  keptFor(parameter: string, readerId: string | null): Buffer | undefined;
}

/**
 * A write sent first where it succeeds: PATCH of one parameter between `prefix` and `suffix`,
 * with no body.
 */
export interface FirstWrite {
  /** The route's pattern as Fastify names it (the metrics' label). */
  url: string;
  prefix: string;
  suffix: string;
  /**
   * The write of `parameter` by `userId`, as the route's handler makes it: the JSON of its 200,
   * or it throws, having changed nothing (Fastify then runs the route and answers why).
   */
  write(parameter: string, userId: string): Promise<string>;
}

/** Fastify's options its server is made with (lib/server.js). */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * Told of each answer sent first: its method, URL, route pattern, status, milliseconds and the
 * route's parameter (a task's id).
 */
export type Answered = (
  method: string,
  url: string,
  route: string,
  status: number,
  ms: number,
  parameter: string,
) => void;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A request with no body: none announced, and none sent in chunks. */
const hasNoBody = (headers: IncomingHttpHeaders) =>
  (headers['content-length'] === undefined || headers['content-length'] === '0') &&
  headers['transfer-encoding'] === undefined;

/** What the path's parameter may hold here: Fastify's router would take nothing else alike. */
const PLAIN_PARAMETER = /^[\w-]+$/;

export class FirstAnswers {
  private readonly routes: FirstRoute[] = [];
  private readonly writes: FirstWrite[] = [];
  /** Writes under way: the server's close waits for them (`settled`). */
  private readonly writing = new Set<Promise<void>>();
  private readonly listeners: Answered[] = [];
  private security: AnswerSecurity | undefined;
  private readerOf: ((headers: IncomingHttpHeaders) => string | null | undefined) | undefined;
  private isOpen = true;
  /** Answers sent first (tests). */
  answered = 0;

  /** The routes whose kept answers go first. */
  route(route: FirstRoute): void {
    this.routes.push(route);
  }

  /** The write sent first where it succeeds. */
  write(write: FirstWrite): void {
    this.writes.push(write);
  }

  /**
   * The headers of an answer for a request from `origin`, besides type and length, and which
   * writes come from our pages (security.ts).
   */
  useSecurity(security: AnswerSecurity): void {
    this.security = security;
  }

  /**
   * Who reads: null with no credential, the user's id where it is known at once (auth/session.ts
   * `knownReaderOf`), undefined where it is not (Fastify answers). Until it is told, and
   * the headers, nothing is answered here.
   */
  useReaders(readerOf: (headers: IncomingHttpHeaders) => string | null | undefined): void {
    this.readerOf = readerOf;
  }

  onAnswered(listener: Answered): void {
    this.listeners.push(listener);
  }

  /** From now on every request goes to Fastify (which answers 503 as it closes). */
  close(): void {
    this.isOpen = false;
  }

  /** Once the writes under way have answered (a closing server's database stays open till then). */
  async settled(): Promise<void> {
    while (this.writing.size > 0) await Promise.allSettled([...this.writing]);
  }

  /** Whether the request was taken here (else Fastify answers it). */
  answer(request: IncomingMessage, response: ServerResponse, handler?: Handler): boolean {
    if (request.method === 'PATCH' && handler) return this.answerWrite(request, response, handler);
    const headersFor = this.security?.headersFor;
    const { readerOf } = this;
    if (request.method !== 'GET' || !this.isOpen || !headersFor || !readerOf) return false;
    const { headers } = request;
    const url = request.url ?? '';
    for (const route of this.routes) {
      if (!url.startsWith(route.prefix)) continue;
      const parameter = url.slice(route.prefix.length);
      if (!PLAIN_PARAMETER.test(parameter)) return false;
      const startedAt = performance.now();
      const readerId = readerOf(headers);
      if (readerId === undefined) return false;
      const body = route.keptFor(parameter, readerId);
      if (!body) return false;
      response.writeHead(200, {
        ...headersFor(headers.origin),
        'content-type': JSON_TYPE,
        'content-length': body.length,
      });
      response.end(body);
      this.answered += 1;
      const ms = performance.now() - startedAt;
      for (const listener of this.listeners) listener('GET', url, route.url, 200, ms, parameter);
      return true;
    }
    return false;
  }

  /** A write of `writes`, taken here where everything it needs is known at once. */
  private answerWrite(
    request: IncomingMessage,
    response: ServerResponse,
    handler: Handler,
  ): boolean {
    const { security, readerOf } = this;
    const { headers } = request;
    if (!this.isOpen || !security || !readerOf || !hasNoBody(headers)) return false;
    // The body types Fastify takes for a route with no body schema: none, or JSON (empty here).
    const type = headers['content-type'];
    if (type !== undefined && !isJsonType(type)) return false;
    const url = request.url ?? '';
    for (const route of this.writes) {
      if (!url.startsWith(route.prefix) || !url.endsWith(route.suffix)) continue;
      const parameter = url.slice(route.prefix.length, url.length - route.suffix.length);
      if (!PLAIN_PARAMETER.test(parameter) || !security.isFromOurPages(headers)) return false;
      const userId = readerOf(headers);
      if (typeof userId !== 'string') return false;
      const startedAt = performance.now();
      const writing = route.write(parameter, userId).then(
        (body) => {
          response.writeHead(200, {
            ...security.headersFor(headers.origin),
            'content-type': JSON_TYPE,
            'content-length': Buffer.byteLength(body),
          });
          response.end(body);
          this.answered += 1;
          const ms = performance.now() - startedAt;
          for (const listener of this.listeners) {
            listener('PATCH', url, route.url, 200, ms, parameter);
          }
        },
        // Refused (nothing changed), or the database failed: Fastify's route answers.
        () => handler(request, response),
      );
      const settled = writing
        .catch((error: unknown) => void response.destroy(error as Error))
        .finally(() => this.writing.delete(settled));
      this.writing.add(settled);
      return true;
    }
    return false;
  }

  /**
   * Fastify's `serverFactory`: its own HTTP/1.1 server (lib/server.js, the same timeouts set),
   * whose requests this answers first.
   */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const options = fastifyOptions as unknown as ServerOptions;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!this.answer(request, response, handler)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
