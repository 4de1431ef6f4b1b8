import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  downloadQuerySchema,
  fileIdParamsSchema,
  fileLinkSchema,
  fileViewSchema,
  IMAGE_VARIANTS,
  uploadCreatedSchema,
  uploadRequestSchema,
  type ImageVariant,
} from '../../shared/files.ts';
import { errorSchema } from '../../shared/tasks.ts';
import type { Auth } from '../auth/auth.ts';
import { optionalUser, requireWriter } from '../auth/session.ts';
import { NOT_FOUND } from '../http-errors.ts';
import {
  completeUpload,
  createUpload,
  linkToFile,
  openDownload,
  openPublicImage,
  receiveContent,
  type FilesDeps,
} from './files.service.ts';

export interface FilesRoutesOptions {
  auth: Auth;
  files: FilesDeps;
}

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
};

/** A year: variants are named by their content, so an address never changes what it serves. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const VARIANT_NAME = new RegExp(
  `^([0-9a-f]{64})-(${Object.keys(IMAGE_VARIANTS).join('|')})\\.webp$`,
);

/** Issue 49 (docs/files.md): uploads and public images. Additive. */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (
  app,
  { auth, files },
) => {
  app.post(
    '/api/uploads',
    {
      schema: {
        summary: 'Start an upload (a photo or a document)',
        description:
          "Checks the size (UPLOAD_MAX_BYTES, 413), the user's storage (UPLOAD_QUOTA_BYTES, 413), uploads begun in 24 hours (UPLOADS_PER_DAY, fewer for new accounts; 429) and the declared type (415) before any byte is sent. Answers where to send the bytes: `PUT` them to `/api/uploads/{id}/content` (STORAGE=local), or `POST` a multipart form of `fields` and then the file to the bucket's `url` (STORAGE=s3; the size and type are fixed by the signed policy). Then POST /api/uploads/{id}/complete. Purposes: task (photos and documents), avatar and portfolio (photos), message and delivery (private files).",
        body: uploadRequestSchema,
        response: { 201: uploadCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireWriter(auth, request);
      reply.status(201);
      return createUpload(files, user, request.body);
    },
  );

  // The bytes of an upload as they come, never parsed nor held whole.
  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.put(
      '/api/uploads/:id/content',
      {
        schema: {
          summary: "Send an upload's bytes (STORAGE=local; the uploader only)",
          description:
            'The request body is the file, any content type. It is streamed to storage; past the size given when the upload began it stops, keeps nothing and answers 413.',
          params: fileIdParamsSchema,
          response: { 200: z.object({ sizeBytes: z.number().int() }), ...errors },
        },
      },
      async (request, reply) => {
        const user = await requireWriter(auth, request);
        const length = request.headers['content-length'];
        // A refused body is not read to its end: the connection closes after the answer.
        reply.header('connection', 'close');
        const sizeBytes = await receiveContent(
          files,
          user.id,
          request.params.id,
          request.body as Readable,
          length === undefined ? undefined : Number(length),
        );
        reply.removeHeader('connection');
        return { sizeBytes };
      },
    );
  });

  app.post(
    '/api/uploads/:id/complete',
    {
      schema: {
        summary: 'Finish an upload: the server judges the bytes (the uploader only)',
        description:
          'The stored bytes decide what the file is (never its name or declared type): photos (JPEG, PNG, WebP, AVIF; HEIC where the image library reads it) are re-encoded without their metadata into WebP variants (thumb ≤160 px, card ≤480, full ≤1600) and a tiny placeholder; documents are PDF, ZIP or plain UTF-8 text. Anything else (SVG, HTML, …) answers 415 and is removed. Ready files are attached by the create or edit body of what they belong to (`photoIds`, `fileIds`); those never attached are removed after a day.',
        params: fileIdParamsSchema,
        response: { 200: fileViewSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireWriter(auth, request);
      return completeUpload(files, user.id, request.params.id);
    },
  );

  app.get(
    '/files/:name',
    {
      schema: {
        summary: "A public photo's variant (task photos, avatars, portfolio)",
        description:
          '`<sha-256 of the original>-<thumb|card|full>.webp`, cached for a year (immutable). 404 once the file is removed, or its task hidden or removed, to everyone but its uploader.',
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const match = VARIANT_NAME.exec(request.params.name);
      const image =
        match &&
        (await openPublicImage(files, match[1]!, match[2] as ImageVariant, async () => {
          const user = await optionalUser(auth, request);
          return user?.id;
        }));
      if (!image)
        return reply.status(404).header('cache-control', 'no-store').send({ message: NOT_FOUND });
      reply
        .header('content-type', 'image/webp')
        .header('content-length', String(image.size))
        // Shown to its uploader alone (their task hidden): kept by no cache on the way.
        .header('cache-control', image.isPublic ? IMMUTABLE : 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      return reply.send(image.body);
    },
  );

  app.get(
    '/api/files/:id/link',
    {
      schema: {
        summary: 'A short-lived link to download a file',
        description:
          "For whoever may open the file, checked now and again on every download: its uploader; a task's documents, whoever may read the task (visitors too, unless the task is hidden or either side blocks the other); a message's files, their two parties; a delivery's, the task's poster and its freelancer (an admin only while a dispute of the task is open); admins. The link is signed for this reader and works FILE_LINK_SECONDS (5 minutes by default).",
        params: fileIdParamsSchema,
        response: { 200: fileLinkSchema, ...errors },
      },
    },
    async (request) => {
      const user = await optionalUser(auth, request);
      return linkToFile(files, request.params.id, user?.id);
    },
  );

  app.get(
    '/api/files/:id/download',
    {
      schema: {
        summary: 'Download a file through its signed link',
        description:
          'Checks the signature and the expiry (403), then again that the reader the link was made for may still open the file (not removed, its item not hidden, no block). Always an attachment, never shown inline: `Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox`. A photo downloads as its largest WebP variant.',
        params: fileIdParamsSchema,
        querystring: downloadQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await openDownload(files, request.params.id, request.query);
      reply
        .header(
          'content-type',
          file.mime === 'text/plain' ? 'text/plain; charset=utf-8' : file.mime,
        )
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentNamed(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, no-store');
      return reply.send(file.body);
    },
  );
};

/** `attachment` with the name as ASCII for old clients and in full (RFC 6266, RFC 5987). */
function attachmentNamed(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
