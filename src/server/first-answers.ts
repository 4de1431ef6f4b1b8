import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { JSON_TYPE } from './answer-cache.ts';

/**
 * Kept answers sent before Fastify sees the request (issue 48, docs/decisions/006-hot-path-choices.md).
 * A read of the most read route (GET /api/tasks/:id) by a reader with no credential, or one
 * whose session the session cache knows (auth/session.ts `knownReaderOf`), whose answer the
 * answer cache holds as of now for that reader (answer-cache.ts `keptFor`), is answered by the
 * server's own request listener: the same status, bytes and headers (security and CORS
 * headers by origin, security.ts; the JSON type and length), counted by the metrics and the
 * slow-request log as Fastify's answers are. Anything else (another method or route, a
 * credential not known at once, a query string, an escaped or odd path, nothing kept, the
 * server closing) goes to Fastify as before.
 *
 * Buys: Fastify's request, reply, routing, hooks and send path, about 25–30 µs of server CPU a
 * request on the machines of decision 006, where the bare server answering the same bytes
 * takes 15–45: `npm run bench`'s task by id went from about half of the bare server's rate
 * to the figures of docs/performance.md. Off: FIRST_ANSWERS = false (Fastify makes its own
 * server again), or LOG_LEVEL=debug or trace (every request logged through Fastify).
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

/** Fastify's options its server is made with (lib/server.js). */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** Told of each answer sent first: its method, URL, route pattern, status and milliseconds. */
export type Answered = (
  method: string,
  url: string,
  route: string,
  status: number,
  ms: number,
) => void;

/** What the path's parameter may hold here: Fastify's router would take nothing else alike. */
const PLAIN_PARAMETER = /^[\w-]+$/;

export class FirstAnswers {
  private readonly routes: FirstRoute[] = [];
  private readonly listeners: Answered[] = [];
  private headersFor: ((origin: string | undefined) => Record<string, string>) | undefined;
  private readerOf: ((headers: IncomingHttpHeaders) => string | null | undefined) | undefined;
  private isOpen = true;
  /** Answers sent first (tests). */
  answered = 0;

  /** The routes whose kept answers go first. */
  route(route: FirstRoute): void {
    this.routes.push(route);
  }

  /** The headers of an answer for a request from `origin` (security.ts), besides type and length. */
  useHeaders(headersFor: (origin: string | undefined) => Record<string, string>): void {
    this.headersFor = headersFor;
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

  /** Whether the request was answered here (else Fastify answers it). */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { headersFor, readerOf } = this;
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
      for (const listener of this.listeners) listener('GET', url, route.url, 200, ms);
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
      if (!this.answer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
