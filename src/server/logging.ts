import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { FirstAnswers } from './first-answers.ts';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** One pino JSON line as one readable line: time, level, message, then its fields. */
export function formatLogLine(json: string): string {
  const { level, time, msg, err, ...fields } = JSON.parse(json);
  // pid and hostname are the same on every line of a process: left out.
  delete fields.pid;
  delete fields.hostname;
  const extras = Object.entries(fields).map(
    ([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  const head = [new Date(time).toISOString(), LEVEL_NAMES[level] ?? level, msg, ...extras];
  const stack = err?.stack ? `\n${err.stack}` : '';
  return `${head.filter((part) => part !== undefined && part !== '').join(' ')}${stack}\n`;
}

/**
 * The server's logger: for operators, not a request trail. Cookies and credentials never reach
 * it; requests are logged only when slow (warn) or at LOG_LEVEL=debug (registerRequestLog).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      'res.headers["set-auth-token"]',
    ],
    ...(config.logFormat === 'text'
      ? { stream: { write: (line: string) => process.stdout.write(formatLogLine(line)) } }
      : {}),
  };
}

/** The path and, outside /api/auth (whose links carry tokens), the query string. */
function loggablePath(url: string): string {
  return url.startsWith('/api/auth/') ? url.split('?', 1)[0]! : url;
}

/** Past this many slow-request lines in a second, the rest are counted, not written. */
export const SLOW_LINES_PER_SECOND = 5;

/** LOG_LEVEL=debug or trace: a line for every request (through Fastify's hooks). */
export const logsEveryRequest = (config: Pick<Config, 'logLevel'>): boolean =>
  config.logLevel === 'debug' || config.logLevel === 'trace';

/** What a request's line says. */
interface RequestLine {
  method: string;
  path: string;
  status: number;
  ms: number;
}

function isEventStream(res: ServerResponse): boolean {
  return String(res.getHeader('content-type')).startsWith('text/event-stream');
}

/**
 * One line per request at debug, and a warning for a request slower than SLOW_REQUEST_MS. An
 * overloaded server makes every request slow: a few warnings a second say so, and a count says
 * how many more, rather than a line each adding to the load. A plain callback hook: it runs on
 * every request (docs/decisions/006-hot-path-choices.md).
 */
export function registerRequestLog(
  app: FastifyInstance,
  config: Config,
  firstAnswers?: FirstAnswers,
): void {
  const logsEvery = logsEveryRequest(config);
  let windowStart = 0;
  let written = 0;
  let unwritten = 0;
  const logSlow = (line: RequestLine, log: FastifyBaseLogger) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      if (unwritten) app.log.warn({ count: unwritten }, 'more slow requests were not logged');
      windowStart = now;
      written = 0;
      unwritten = 0;
    }
    if (written < SLOW_LINES_PER_SECOND) {
      written += 1;
      log.warn(line, 'slow request');
    } else {
      unwritten += 1;
    }
  };
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    // An event stream is open for as long as the page is: long is not slow.
    const isSlow = ms >= config.slowRequestMs && !isEventStream(reply.raw);
    if (!isSlow && !logsEvery) return done();
    const line = {
      method: request.method,
      path: loggablePath(request.url),
      status: reply.statusCode,
      ms: Math.round(ms),
    };
    if (isSlow) logSlow(line, request.log);
    else request.log.debug(line, 'request');
    done();
  });
  // Answers sent before Fastify (never with LOG_LEVEL=debug or trace: first-answers.ts).
  firstAnswers?.onAnswered((method, url, _route, status, ms) => {
    if (ms < config.slowRequestMs) return;
    logSlow({ method, path: loggablePath(url), status, ms: Math.round(ms) }, app.log);
  });
}
