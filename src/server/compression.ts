import type { IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/**
 * How answers are compressed, in one place: @fastify/compress (app.ts) compresses with these
 * encodings and options, and the answers kept compressed (answer-cache.ts), compressed by a read
 * worker or once for all their readers, are the same bytes it would send.
 */

/** The encodings answers are compressed with, preferred first (@fastify/compress's order). */
export const ANSWER_ENCODINGS = (
  typeof zlib.zstdCompressSync === 'function'
    ? (['zstd', 'br', 'gzip', 'deflate'] as const)
    : (['br', 'gzip', 'deflate'] as const)
) as readonly AnswerEncoding[];

export type AnswerEncoding = 'zstd' | 'br' | 'gzip' | 'deflate';

/** Brotli at quality 4, as @fastify/compress recommends: 11 costs many times the CPU. */
export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
};

/** Answers smaller than this many bytes are sent as they are: compressing them saves little. */
export const COMPRESS_THRESHOLD = 1024;

const compressors: Record<AnswerEncoding, (bytes: Uint8Array) => Buffer> = {
  zstd: (bytes) => zlib.zstdCompressSync(bytes),
  br: (bytes) => zlib.brotliCompressSync(bytes, BROTLI_OPTIONS),
  gzip: (bytes) => zlib.gzipSync(bytes),
  deflate: (bytes) => zlib.deflateSync(bytes),
};

const decompressors: Record<AnswerEncoding, (bytes: Uint8Array) => Buffer> = {
  zstd: (bytes) => zlib.zstdDecompressSync(bytes),
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
  deflate: (bytes) => zlib.inflateSync(bytes),
};

/**
 * The encoding a request's answer is compressed with, as @fastify/compress negotiates it
 * (`*` and `x-gzip` read as gzip), or undefined: sent as it is.
 */
export function acceptedEncoding(headers: IncomingHttpHeaders): AnswerEncoding | undefined {
  const accepted = headers['accept-encoding'];
  if (!accepted || headers['x-no-compression'] !== undefined) return undefined;
  const header = accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip');
  const encoding = negotiate(header, [...ANSWER_ENCODINGS, 'identity']);
  return encoding === null || encoding === 'identity' ? undefined : encoding;
}

/**
 * `bytes` compressed with `encoding`, in a buffer of their own (a read worker hands it over
 * rather than copying it: db/read-worker-host.ts), or undefined where they are too few to
 * compress.
 */
export function compressed(bytes: Uint8Array, encoding: AnswerEncoding): Uint8Array | undefined {
  if (bytes.byteLength < COMPRESS_THRESHOLD) return undefined;
  const output = compressors[encoding](bytes);
  // zlib's output can be a view of a larger buffer: copied into one of its own.
  return output.byteOffset === 0 && output.byteLength === output.buffer.byteLength
    ? output
    : new Uint8Array(output);
}

/** `bytes` compressed with `encoding`, as they were before (an answer kept only compressed). */
export const decompressed = (bytes: Uint8Array, encoding: AnswerEncoding): Buffer =>
  decompressors[encoding](bytes);
