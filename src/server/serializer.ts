import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z, type ZodType } from 'zod';

/**
 * Answers are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema: only declared fields leave the server (nothing leaks if a row grows a column), and it
 * writes JSON faster than JSON.stringify, where checking each answer with zod cost about a tenth
 * of a list request (npm run bench).
 */
/**
 * Each one compiled by the first answer it writes, not as the route is registered: Fastify asks
 * for one per route and status code (the refusals too), and compiling them all was a fifth of the
 * server's start (about 400 ms of 2 s to its first answer); most are never used by a process.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) => {
  let write: ((answer: unknown) => string) | undefined;
  return (answer) => {
    write ??= fastJson(
      z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0],
    );
    return write(answer);
  };
};

/**
 * A route's own serializer of its 200 answer, for an answer written off the route (a read on a
 * read worker: search-answer.ts, directory-answer.ts; a bid before Fastify: first-answers.ts): a
 * process that never writes one never compiles it.
 */
export const lazyAnswerWriter = (
  schema: ZodType,
  url: string,
  method = 'GET',
): ((answer: unknown) => string) => serializerCompiler({ schema, method, url, httpStatus: '200' });
