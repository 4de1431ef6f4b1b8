import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileLink, FileView, UploadCreated } from '../../shared/files.ts';
import { pngOf, postToBucket } from '../../../tests/support/files.ts';
import {
  callOverHttp as call,
  createInstances,
  type Instances,
} from '../../../tests/support/instances.ts';
import { startS3Server, type S3Server } from '../../../tests/support/s3-server.ts';
import { signUpOverHttp, type ServerProcess } from '../../../tests/support/server-process.ts';
import { TEST_ENGINE } from '../../../tests/support/test-database.ts';
import { validTask } from '../../../tests/support/test-app.ts';

/**
 * Issue 49's proof across instances: two server processes on one fresh PostgreSQL and one
 * bucket (s3rver, started here). A photo and a document uploaded through A (the bytes sent
 * straight to the bucket) are completed by B, attached through A, and served by B.
 */
const SLOW = 120_000;
const SECRET = 'files-instances-secret-0123456789-abcdefghij';

let s3: S3Server;
let instances: Instances;
let a: ServerProcess;
let b: ServerProcess;

async function sendToBucket(created: UploadCreated, bytes: Buffer, type: string) {
  if (created.upload.method !== 'POST') throw new Error('expected a presigned POST');
  return (await postToBucket(created.upload, bytes, type)).status;
}

describe.runIf(TEST_ENGINE === 'postgres')('files across two instances on one bucket', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    instances = await createInstances({ BETTER_AUTH_SECRET: SECRET, ...s3.env });
    // One after the other: the first brings the fresh database's schema up to date.
    a = await instances.start();
    b = await instances.start();
  }, SLOW);

  afterAll(async () => {
    await instances?.close();
    await s3?.close();
  }, SLOW);

  it(
    'a photo and a document uploaded through A are served by B',
    async () => {
      const cookie = await signUpOverHttp(a, { name: 'Paula Poster' });
      const bytes = await pngOf(300, 200);
      const started = await call(a, 'POST', '/api/uploads', cookie, {
        name: 'wall.png',
        size: bytes.length,
        type: 'image/png',
        purpose: 'task',
      });
      expect(started.status).toBe(201);
      const created = started.body as unknown as UploadCreated;
      expect(await sendToBucket(created, bytes, 'image/png')).toBe(204);
      const completed = await call(b, 'POST', `/api/uploads/${created.id}/complete`, cookie);
      expect(completed.status).toBe(200);
      const photo = completed.body as unknown as FileView;
      expect(photo).toMatchObject({ kind: 'image', width: 300, height: 200 });

      const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
      const docStarted = await call(a, 'POST', '/api/uploads', cookie, {
        name: 'plan.pdf',
        size: pdf.length,
        type: 'application/pdf',
        purpose: 'task',
      });
      const docCreated = docStarted.body as unknown as UploadCreated;
      expect(await sendToBucket(docCreated, pdf, 'application/pdf')).toBe(204);
      const doc = await call(a, 'POST', `/api/uploads/${docCreated.id}/complete`, cookie);
      expect(doc.status).toBe(200);

      const posted = await call(
        a,
        'POST',
        '/api/tasks',
        cookie,
        validTask({ photoIds: [photo.id], fileIds: [docCreated.id] }),
      );
      expect(posted.status).toBe(201);
      const taskId = posted.body!.insertedId as string;
      const task = await call(b, 'GET', `/api/tasks/${taskId}`);
      expect((task.body!.photos as FileView[]).map((p) => p.id)).toEqual([photo.id]);

      const thumb = await fetch(`${b.url}${photo.urls!.thumb}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', 160]);

      const link = await call(a, 'GET', `/api/files/${docCreated.id}/link`);
      const download = await fetch(`${b.url}${(link.body as unknown as FileLink).url}`);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    },
    SLOW,
  );
});
