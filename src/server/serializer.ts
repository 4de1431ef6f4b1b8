import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z, type ZodType } from 'zod';

/**
 * Answers are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema: only declared fields leave the server (nothing leaks if a row grows a column), and it
 * writes JSON faster than JSON.stringify, where checking each answer with zod cost about a tenth
 * of a list request (npm run bench).
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};

/**
 * A GET route's own serializer of its 200 answer, for a read that writes its answer off the
 * route (on a read worker: search-answer.ts, directory-answer.ts), compiled by the first answer
 * it writes: a process whose reads all run on workers never compiles it.
 */
export function lazyAnswerWriter(schema: ZodType, url: string): (answer: unknown) => string {
  let write: ((answer: unknown) => string) | undefined;
  return (answer) => {
    write ??= serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' });
    return write(answer);
  };
}
