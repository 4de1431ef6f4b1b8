import { Readable } from 'node:stream';
import sharp from 'sharp';
import { createStorage } from '../../src/server/files/storage.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, type FileView, type UploadCreated } from '../../src/shared/files.ts';
import {
  completeUpload,
  hasGpsPointer,
  jpegWithGps,
  photo,
  pngBomb,
  pngOf,
  sendBytes,
  startUpload,
  SVG_WITH_SCRIPT,
  upload,
  uploaded,
} from './files.ts';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';

/**
 * Issue 49's upload cases, on both engines and both storages (src/server/files/uploads.test.ts
 * and uploads-s3.test.ts): an upload's limits and refusals, the bytes judged rather than the
 * name, images re-encoded without their metadata, only the uploader may send or complete it.
 */

const MAX_BYTES = 300_000;
const QUOTA_BYTES = 1_000_000;
const PER_DAY = 30;
const MAX_PIXELS = 4_000_000;

/**
 * The cases, on the storage `storage` starts (local: nothing to start): both storages run the
 * same ones, and each its own where they differ (how an oversized body is stopped).
 */
export function describeUploads(
  mode: 'local' | 's3',
  storage: () => Promise<{ env: Record<string, string>; close(): Promise<void> }>,
): void {
  let t: TestApp;
  let paula: TestUser;
  let sam: TestUser;
  let stopStorage: () => Promise<void>;

  beforeAll(async () => {
    const started = await storage();
    stopStorage = () => started.close();
    t = await createTestApp({
      ...started.env,
      UPLOAD_MAX_BYTES: String(MAX_BYTES),
      UPLOAD_QUOTA_BYTES: String(QUOTA_BYTES),
      UPLOADS_PER_DAY: String(PER_DAY),
      NEW_ACCOUNT_UPLOADS_PER_DAY: '100',
      IMAGE_MAX_PIXELS: String(MAX_PIXELS),
    });
    paula = await t.signUp({ name: 'Paula Poster' });
    sam = await t.signUp({ name: 'Sam Stranger' });
  });
  afterAll(async () => {
    await t?.close();
    await stopStorage?.();
  });

  const rowOf = (id: string) =>
    t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** GET of a public address, its body as bytes. */
  async function fetchPublic(url: string, user?: TestUser) {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: user ? { cookie: user.cookie } : {},
    });
    return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
  }

  describe('photos', () => {
    it('are re-encoded into WebP variants and a placeholder, served for a year as inert images', async () => {
      const file = await uploaded(t, paula, await photo('wall.png'));
      expect(file).toMatchObject({
        kind: 'image',
        mime: 'image/png',
        name: 'wall.png',
        width: 64,
        height: 48,
      });
      expect(file.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect(file.downloadUrl).toBeUndefined();
      const sha = (await rowOf(file.id)).storage_key;
      expect(sha).toMatch(/^[0-9a-f]{64}$/);
      expect(file.urls).toEqual({
        thumb: `/files/${sha}-thumb.webp`,
        card: `/files/${sha}-card.webp`,
        full: `/files/${sha}-full.webp`,
      });
      expect(await rowOf(file.id)).toMatchObject({
        status: 'ready',
        kind: 'image',
        owner_id: paula.id,
      });

      const thumb = await fetchPublic(file.urls!.thumb);
      expect(thumb.status).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(thumb.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(thumb.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(64);

      expect((await fetchPublic(`/files/${'0'.repeat(64)}-thumb.webp`)).status).toBe(404);
      expect((await fetchPublic(`/files/${sha}-huge.webp`)).status).toBe(404);
    });

    it('are resized to at most 160, 480 and 1600 pixels', async () => {
      const file = await uploaded(t, paula, {
        name: 'big.png',
        type: 'image/png',
        purpose: 'task',
        bytes: await pngOf(2000, 1000),
      });
      const sizes = await Promise.all(
        (['thumb', 'card', 'full'] as const).map(async (variant) => {
          const { width, height } = await sharp(
            (await fetchPublic(file.urls![variant])).body,
          ).metadata();
          return [width, height];
        }),
      );
      expect(sizes).toEqual([
        [160, 80],
        [480, 240],
        [1600, 800],
      ]);
    });

    it('lose their EXIF, the GPS position among it', async () => {
      const bytes = await jpegWithGps();
      const before = await sharp(bytes).metadata();
      expect(hasGpsPointer(before.exif)).toBe(true);
      const file = await uploaded(t, paula, {
        name: 'garden.jpg',
        type: 'image/jpeg',
        purpose: 'task',
        bytes,
      });
      expect(file.mime).toBe('image/jpeg');
      for (const variant of ['thumb', 'card', 'full'] as const) {
        const after = await sharp((await fetchPublic(file.urls![variant])).body).metadata();
        expect(after.exif).toBeUndefined();
        expect(after.xmp).toBeUndefined();
      }
    });

    it('are judged by their bytes: a PNG named .pdf and declared a PDF is a PNG', async () => {
      const file = await uploaded(t, paula, {
        name: 'invoice.pdf',
        type: 'application/pdf',
        purpose: 'task',
        bytes: await pngOf(),
      });
      expect(file).toMatchObject({ kind: 'image', mime: 'image/png', name: 'invoice.pdf' });
    });

    it('refuse a decompression bomb before decoding it', async () => {
      const result = await upload(t, paula, {
        name: 'bomb.png',
        type: 'image/png',
        purpose: 'task',
        bytes: await pngBomb(),
      });
      expect(result.completed).toEqual({
        status: 400,
        body: { message: FILE_MESSAGES.tooManyPixels(MAX_PIXELS) },
      });
      const id = (result.created.body as UploadCreated).id;
      expect(await rowOf(id)).toMatchObject({ status: 'removed' });
      // Past IMAGE_MAX_PIXELS though within what sharp would decode by itself.
      const wide = await upload(t, paula, {
        name: 'wide.png',
        type: 'image/png',
        purpose: 'task',
        bytes: await pngBomb(2100),
      });
      expect(wide.completed).toEqual({
        status: 400,
        body: { message: FILE_MESSAGES.tooManyPixels(MAX_PIXELS) },
      });
    });

    it('refuse a damaged image', async () => {
      const png = await pngOf();
      const result = await upload(t, paula, {
        name: 'broken.png',
        type: 'image/png',
        purpose: 'task',
        bytes: png.subarray(0, 60),
      });
      expect(result.completed).toEqual({
        status: 400,
        body: { message: FILE_MESSAGES.unreadableImage },
      });
    });
  });

  describe('types', () => {
    it('refuses an SVG with a script, declared as one or as a PNG', async () => {
      const declared = await upload(t, paula, {
        name: 'logo.svg',
        type: 'image/svg+xml',
        purpose: 'task',
        bytes: SVG_WITH_SCRIPT,
      });
      expect(declared).toEqual({
        created: { status: 415, body: { message: FILE_MESSAGES.typeRefused } },
      });
      const disguised = await upload(t, paula, {
        name: 'logo.png',
        type: 'image/png',
        purpose: 'task',
        bytes: SVG_WITH_SCRIPT,
      });
      expect(disguised.completed).toEqual({
        status: 415,
        body: { message: FILE_MESSAGES.typeRefused },
      });
      const id = (disguised.created.body as UploadCreated).id;
      expect(await rowOf(id)).toMatchObject({ status: 'removed' });
    });

    it('refuses HTML sent as text, and bytes of another kind', async () => {
      const html = await upload(t, paula, {
        name: 'notes.txt',
        type: 'text/plain',
        purpose: 'task',
        bytes: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      });
      expect(html.completed).toEqual({ status: 415, body: { message: FILE_MESSAGES.typeRefused } });
      const gif = await upload(t, paula, {
        name: 'a.gif',
        type: 'application/octet-stream',
        purpose: 'task',
        bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      });
      expect(gif.completed).toEqual({ status: 415, body: { message: FILE_MESSAGES.typeRefused } });
    });

    it('takes a PDF and plain text as documents, with a download link for the uploader', async () => {
      const pdf = await uploaded(t, paula, {
        name: 'plan.pdf',
        type: 'application/pdf',
        purpose: 'task',
        bytes: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      });
      expect(pdf).toMatchObject({ kind: 'document', mime: 'application/pdf', urls: null });
      expect(pdf.downloadUrl).toMatch(new RegExp(`^/api/files/${pdf.id}/download\\?u=`));
      const words = Buffer.from('Wall: 3.2 m × 2.4 m\nTwo coats, white.\n');
      const text = await uploaded(t, paula, {
        name: 'measurements.txt',
        type: 'text/plain',
        purpose: 'task',
        bytes: words,
      });
      expect(text).toMatchObject({
        kind: 'document',
        mime: 'text/plain',
        sizeBytes: words.length,
      });
      const binary = await upload(t, paula, {
        name: 'data.txt',
        type: 'text/plain',
        purpose: 'task',
        bytes: Buffer.from([0x61, 0x00, 0x62]),
      });
      expect(binary.completed?.status).toBe(415);
    });

    it('takes only photos for an avatar', async () => {
      const declared = await startUpload(t, paula, {
        name: 'cv.pdf',
        type: 'application/pdf',
        purpose: 'avatar',
        size: 100,
      });
      expect(declared).toEqual({ status: 415, body: { message: FILE_MESSAGES.notImage } });
      const disguised = await upload(t, paula, {
        name: 'me.png',
        type: 'image/png',
        purpose: 'avatar',
        bytes: Buffer.from('Just some words, not a photo.\n'),
      });
      expect(disguised.completed).toEqual({
        status: 415,
        body: { message: FILE_MESSAGES.notImage },
      });
    });
  });

  describe('sizes and limits', () => {
    it('refuses a file declared larger than UPLOAD_MAX_BYTES before any byte is sent', async () => {
      const answer = await startUpload(t, paula, {
        name: 'huge.png',
        type: 'image/png',
        purpose: 'task',
        size: MAX_BYTES + 1,
      });
      expect(answer).toEqual({ status: 413, body: { message: FILE_MESSAGES.tooLarge(MAX_BYTES) } });
    });

    if (mode === 'local')
      it('stops a body larger than declared with 413 and stores nothing', async () => {
        const { storage } = t.config.files;
        const dir = storage.mode === 'local' ? storage.dir : '';
        const created = await startUpload(t, paula, {
          name: 'a.png',
          type: 'image/png',
          purpose: 'task',
          size: 1000,
        });
        const { id } = created.body as UploadCreated;
        // Said at once by Content-Length…
        const sent = await sendBytes(
          t,
          paula,
          created.body as UploadCreated,
          Buffer.alloc(5000, 1),
        );
        expect(sent).toEqual({ status: 413, body: { message: FILE_MESSAGES.largerThanDeclared } });
        // …and counted while streaming when the body says no length.
        const streamed = await t.app.inject({
          method: 'PUT',
          url: `/api/uploads/${id}/content`,
          headers: {
            origin: t.config.publicUrl,
            cookie: paula.cookie,
            'content-type': 'application/octet-stream',
          },
          payload: Readable.from(
            (function* () {
              for (let i = 0; i < 10; i += 1) yield Buffer.alloc(400, 2);
            })(),
          ),
        });
        expect(streamed.statusCode).toBe(413);
        expect(streamed.json()).toEqual({ message: FILE_MESSAGES.largerThanDeclared });
        const fs = await import('node:fs');
        const stored = fs.existsSync(`${dir}/originals`) ? fs.readdirSync(`${dir}/originals`) : [];
        expect(stored.filter((name) => name.startsWith(id))).toEqual([]);
        expect(await completeUpload(t, paula, id)).toEqual({
          status: 409,
          body: { message: FILE_MESSAGES.notUploaded },
        });
      });

    if (mode === 's3')
      it('signs a POST that fixes the key, size and type; completion checks them again', async () => {
        const created = await startUpload(t, paula, {
          name: 'a.png',
          type: 'image/png',
          purpose: 'task',
          size: 1000,
        });
        expect(created.status).toBe(201);
        const target = created.body as UploadCreated;
        if (target.upload.method !== 'POST') throw new Error('expected a presigned POST');
        const { fields } = target.upload;
        // The page may send it there: its connect-src names the bucket's address.
        const page = await t.app.inject({ method: 'GET', url: '/api/health' });
        const connectSrc = String(page.headers['content-security-policy']).match(
          /connect-src ([^;]*)/,
        )![1]!;
        expect(connectSrc.split(' ')).toContain(new URL(target.upload.url).origin);
        expect(fields.key).toBe(`originals/${target.id}`);
        expect(fields['Content-Type']).toBe('image/png');
        const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as {
          conditions: unknown[];
        };
        expect(policy.conditions).toEqual(
          expect.arrayContaining([
            ['content-length-range', 1, 1000],
            ['eq', '$Content-Type', 'image/png'],
            { key: `originals/${target.id}` },
          ]),
        );
        // A store that does not enforce the policy (this one) still gets nothing past completion.
        expect((await sendBytes(t, paula, target, Buffer.alloc(5000, 1), 'image/png')).status).toBe(
          204,
        );
        expect(await completeUpload(t, paula, target.id)).toEqual({
          status: 413,
          body: { message: FILE_MESSAGES.largerThanDeclared },
        });
        expect(await rowOf(target.id)).toMatchObject({ status: 'removed' });
        const stored = await createStorage(t.config.files.storage);
        expect(await stored.open(`originals/${target.id}`)).toBeUndefined();
      });

    it('keeps each user within their storage quota, counting uploads under way', async () => {
      const quinn = await t.signUp({ name: 'Quinn Quota' });
      const big = { name: 'a.bin', type: '', purpose: 'task' } as const;
      expect((await startUpload(t, quinn, { ...big, size: MAX_BYTES })).status).toBe(201);
      expect((await startUpload(t, quinn, { ...big, size: MAX_BYTES })).status).toBe(201);
      expect((await startUpload(t, quinn, { ...big, size: MAX_BYTES })).status).toBe(201);
      expect(
        await startUpload(t, quinn, { ...big, size: QUOTA_BYTES - 3 * MAX_BYTES + 1 }),
      ).toEqual({
        status: 413,
        body: { message: FILE_MESSAGES.quota(QUOTA_BYTES) },
      });
      expect(FILE_MESSAGES.quota(500 * 1024 * 1024)).toBe(
        'You have reached your storage limit of 500 MB.',
      );
      // Another user's quota is their own.
      expect((await startUpload(t, sam, { ...big, size: MAX_BYTES })).status).toBe(201);
    });

    it('counts the uploads each user begins in 24 hours', async () => {
      const dana = await t.signUp({ name: 'Dana Daily' });
      for (let i = 0; i < PER_DAY; i += 1) {
        const answer = await startUpload(t, dana, {
          name: `${i}.png`,
          type: 'image/png',
          purpose: 'task',
          size: 10,
        });
        expect(answer.status).toBe(201);
      }
      expect(
        await startUpload(t, dana, {
          name: 'one-more.png',
          type: 'image/png',
          purpose: 'task',
          size: 10,
        }),
      ).toEqual({ status: 429, body: { message: FILE_MESSAGES.perDay(PER_DAY) } });
      expect(FILE_MESSAGES.perDay(200)).toBe("You have reached today's limit of 200 uploads.");
    });

    it('holds new accounts to NEW_ACCOUNT_UPLOADS_PER_DAY', async () => {
      const fresh = await createTestApp({ NEW_ACCOUNT_UPLOADS_PER_DAY: '2' });
      try {
        const nora = await fresh.signUp({ name: 'Nora New' });
        const start = () =>
          startUpload(fresh, nora, { name: 'a.png', type: 'image/png', purpose: 'task', size: 10 });
        expect((await start()).status).toBe(201);
        expect((await start()).status).toBe(201);
        expect(await start()).toEqual({
          status: 429,
          body: { message: FILE_MESSAGES.newAccountPerDay(2) },
        });
      } finally {
        await fresh.close();
      }
    });
  });

  describe('who may send and complete', () => {
    it('only the uploader, signed in', async () => {
      const created = await startUpload(t, paula, {
        name: 'wall.png',
        type: 'image/png',
        purpose: 'task',
        size: (await pngOf()).length,
      });
      const target = created.body as UploadCreated;
      // Through the API (local), the bytes are the uploader's to send; to the bucket (s3), the
      // presigned POST is theirs alone to know.
      if (mode === 'local') {
        expect(await sendBytes(t, sam, target, await pngOf())).toEqual({
          status: 403,
          body: { message: FILE_MESSAGES.notOwner },
        });
      }
      expect((await sendBytes(t, paula, target, await pngOf())).status).toBe(
        mode === 'local' ? 200 : 204,
      );
      expect(await completeUpload(t, sam, target.id)).toEqual({
        status: 403,
        body: { message: FILE_MESSAGES.notOwner },
      });
      const visitor = await t.request('POST', `/api/uploads/${target.id}/complete`);
      expect(visitor.statusCode).toBe(401);
      expect((await rowOf(target.id)).status).toBe('pending');
      const done = await completeUpload(t, paula, target.id);
      expect(done.status).toBe(200);
      expect((done.body as FileView).id).toBe(target.id);
      expect(await completeUpload(t, paula, target.id)).toEqual({
        status: 409,
        body: { message: FILE_MESSAGES.notPending },
      });
      if (mode === 'local') {
        expect(await sendBytes(t, paula, target, await pngOf())).toEqual({
          status: 409,
          body: { message: FILE_MESSAGES.notPending },
        });
      }
    });

    it('answers 404 for an upload that does not exist', async () => {
      expect(await completeUpload(t, paula, 'no-such-upload')).toEqual({
        status: 404,
        body: { message: FILE_MESSAGES.notFound },
      });
    });
  });
}
