import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTask } from '../../tests/support/marketplace.ts';
import {
  settleChanges,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../tests/support/test-app.ts';
import {
  ANSWER_ENCODINGS,
  COMPRESS_THRESHOLD,
  acceptedEncoding,
  compressed,
  type AnswerEncoding,
} from './compression.ts';
import { answerCacheStatsOf } from './answer-cache.ts';
import { searchAnswer } from './search/search-answer.ts';

/**
 * Answers compressed as @fastify/compress compresses them, whoever compresses them: a read
 * worker for a search, the answer cache for a kept answer (decisions 017 and 026).
 */

const decompress: Record<AnswerEncoding, (bytes: Buffer) => Buffer> = {
  zstd: (bytes) => zlib.zstdDecompressSync(bytes),
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
  deflate: (bytes) => zlib.inflateSync(bytes),
};

describe('the encoding a request accepts', () => {
  it('is negotiated as @fastify/compress negotiates it', () => {
    // A browser's own header: the first of the server's preferred encodings it names.
    expect(acceptedEncoding({ 'accept-encoding': 'gzip, deflate, br, zstd' })).toBe(
      ANSWER_ENCODINGS[0],
    );
    expect(acceptedEncoding({ 'accept-encoding': 'gzip, deflate' })).toBe('gzip');
    expect(acceptedEncoding({ 'accept-encoding': 'deflate' })).toBe('deflate');
    expect(acceptedEncoding({ 'accept-encoding': 'br;q=0.5, gzip' })).toBe('gzip');
    expect(acceptedEncoding({ 'accept-encoding': 'x-gzip' })).toBe('gzip');
    expect(acceptedEncoding({ 'accept-encoding': 'GZIP' })).toBe('gzip');
    expect(acceptedEncoding({ 'accept-encoding': '*' })).toBe('gzip');
  });

  it('is none where the request asks for none, or for none the server has', () => {
    expect(acceptedEncoding({})).toBeUndefined();
    expect(acceptedEncoding({ 'accept-encoding': '' })).toBeUndefined();
    expect(acceptedEncoding({ 'accept-encoding': 'identity' })).toBeUndefined();
    expect(acceptedEncoding({ 'accept-encoding': 'identity, gzip;q=0.5' })).toBeUndefined();
    expect(acceptedEncoding({ 'accept-encoding': 'compress' })).toBeUndefined();
    expect(
      acceptedEncoding({ 'accept-encoding': 'gzip', 'x-no-compression': '1' }),
    ).toBeUndefined();
  });

  it('compresses bytes into a buffer of their own, and leaves too few alone', () => {
    const bytes = Buffer.from('{"items":[]}'.repeat(200));
    for (const encoding of ANSWER_ENCODINGS) {
      const output = compressed(bytes, encoding)!;
      expect(output.byteOffset).toBe(0);
      expect(output.byteLength).toBe(output.buffer.byteLength);
      expect(decompress[encoding](Buffer.from(output)).equals(bytes)).toBe(true);
    }
    expect(compressed(bytes.subarray(0, COMPRESS_THRESHOLD - 1), 'gzip')).toBeUndefined();
  });
});

describe.each([
  ['on a read worker', {}],
  ['on the event loop', { READ_WORKERS: '0' }],
  ['without kept answers', { SEARCH_CACHE_SIZE: '0', TASK_CACHE_SIZE: '0' }],
])('compressed answers, searches %s', (_, env) => {
  let t: TestApp;
  let poster: TestUser;
  const word = `zqcompress${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestApp(env);
    poster = await t.signUp({ name: 'Cora Compress' });
    for (let i = 0; i < 6; i += 1) {
      await postTask(t, poster, {
        title: `Compressed answer ${word} ${i}`,
        description: `Long enough to be compressed: ${word} `.repeat(8),
      });
    }
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}, user?: TestUser) =>
    t.request('GET', url, { headers, user });

  for (const url of [
    (word: string) => `/api/tasks/search?q=${word}`,
    () => '/api/tasks?limit=8&sort=deadline',
  ]) {
    it(`${url('…')}: each encoding decodes to the answer sent uncompressed, asked again or not`, async () => {
      const plain = await get(url(word));
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
      // Each encoding twice, in turns: the kept answer's bytes change encoding and back.
      for (const encoding of [...ANSWER_ENCODINGS, ...ANSWER_ENCODINGS]) {
        const answer = await get(url(word), { 'accept-encoding': encoding });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toContain('accept-encoding');
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
        expect(decompress[encoding](answer.rawPayload).toString()).toBe(plain.body);
      }
      // A signed-in reader's answer (posters' emails included) is compressed as its own.
      const signedIn = await get(url(word), {}, poster);
      const compressedSignedIn = await get(url(word), { 'accept-encoding': 'gzip' }, poster);
      expect(signedIn.body).toContain(poster.email);
      expect(zlib.gunzipSync(compressedSignedIn.rawPayload).toString()).toBe(signedIn.body);
    });
  }

  it('a search first asked compressed: kept so, then sent as it is and in each encoding', async () => {
    const query = `/api/tasks/search?q=${word}&sort=newest`;
    const first = await get(query, { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const plain = await get(query);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ total: 6 });
    expect(zlib.gunzipSync(first.rawPayload).toString()).toBe(plain.body);
    for (const encoding of [...ANSWER_ENCODINGS, 'gzip', undefined] as const) {
      const answer = await get(query, encoding ? { 'accept-encoding': encoding } : {});
      expect(answer.headers['content-encoding']).toBe(encoding);
      const bytes = encoding ? decompress[encoding](answer.rawPayload) : answer.rawPayload;
      expect(bytes.toString()).toBe(plain.body);
    }
  });

  it('sends a short answer, or one asked without compression, as it is', async () => {
    const none = await get(`/api/tasks/search?q=${word}nothing`, { 'accept-encoding': 'gzip' });
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toMatchObject({ items: [], total: 0 });

    const refused = await get(`/api/tasks/search?q=${word}`, {
      'accept-encoding': 'gzip',
      'x-no-compression': '1',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ total: 6 });
  });

  it('a search compressed for its request: the bytes the route sends, compressed', async () => {
    const query = { q: word, sort: 'relevance', page: 1 } as const;
    const options = { includeEmail: false, memoryIndex: true, viewerId: null };
    const answer = await searchAnswer(t.db, query, options, 'br');
    expect(answer.encoding).toBe('br');
    // Only compressed: the bytes are not handed over twice.
    expect(answer.body).toBeUndefined();
    const plain = await searchAnswer(t.db, query, options);
    expect(plain.encodedBody).toBeUndefined();
    const body = Buffer.from(plain.body as Uint8Array);
    expect(zlib.brotliDecompressSync(answer.encodedBody!).equals(body)).toBe(true);
    expect(JSON.parse(body.toString())).toMatchObject({ total: 6 });
    // Each answer its own bytes, though the worker writes each into the same buffer first.
    const other = await searchAnswer(t.db, { ...query, q: `${word}nothing` }, options, 'gzip');
    expect(zlib.brotliDecompressSync(answer.encodedBody!).equals(body)).toBe(true);
    expect(JSON.parse(Buffer.from(other.body as Uint8Array).toString())).toMatchObject({
      total: 0,
    });
  });
});

describe('where answers are compressed', () => {
  let t: TestApp;
  const word = `zqwhere${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestApp();
    const poster = await t.signUp({ name: 'Wanda Where' });
    for (let i = 0; i < 6; i += 1) {
      await postTask(t, poster, {
        title: `Compressed where ${word} ${i}`,
        description: `Long enough to be compressed: ${word} `.repeat(8),
      });
    }
  });
  afterAll(async () => t.close());

  const compressedHere = (cache: string) => answerCacheStatsOf(t.db).get(cache)!.compressed;
  const gzip = { 'accept-encoding': 'gzip' };

  it('a search by the read worker, not by the event loop', async () => {
    for (const query of [`q=${word}`, `q=${word}&sort=newest`, `q=${word}`]) {
      const answer = await t.request('GET', `/api/tasks/search?${query}`, { headers: gzip });
      expect(answer.headers['content-encoding']).toBe('gzip');
    }
    expect(compressedHere('search')).toBe(0);
  });

  it('a search kept only compressed: decompressed once, for the first reader who asks otherwise', async () => {
    const decompressedHere = () => answerCacheStatsOf(t.db).get('search')!.decompressed;
    // The tasks posted above no longer tick the clock (settleChanges).
    await settleChanges(t.db);
    const url = `/api/tasks/search?q=${word}&sort=deadline`;
    const before = decompressedHere();
    for (let i = 0; i < 2; i += 1) {
      const answer = await t.request('GET', url, { headers: gzip });
      expect(answer.headers['content-encoding']).toBe('gzip');
    }
    expect(decompressedHere() - before).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      const answer = await t.request('GET', url);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.json()).toMatchObject({ total: 6 });
    }
    expect(decompressedHere() - before).toBe(1);
  });

  it('a kept answer once for all its readers', async () => {
    const before = compressedHere('list');
    for (let i = 0; i < 3; i += 1) {
      const answer = await t.request('GET', '/api/tasks?limit=8&sort=deadline', { headers: gzip });
      expect(answer.headers['content-encoding']).toBe('gzip');
    }
    expect(compressedHere('list') - before).toBe(1);
  });
});
