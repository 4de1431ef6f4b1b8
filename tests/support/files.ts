import zlib from 'node:zlib';
import sharp from 'sharp';
import type { FileView, UploadCreated } from '../../src/shared/files.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** Issue 49: files made here (never downloaded) and the upload's three steps through the API. */

export const pngOf = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** A phone's photo: a JPEG whose EXIF names the phone and where it was (a GPS IFD). */
export const jpegWithGps = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'P1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();

/** The EXIF tag that points at a GPS IFD (0x8825), as it sits in little-endian EXIF. */
export const hasGpsPointer = (exif: Buffer | undefined) =>
  exif !== undefined && exif.includes(Buffer.from([0x25, 0x88]));

/**
 * A decompression bomb: a small PNG whose header says `side` × `side` pixels (its IHDR
 * rewritten, its checksum made anew), so only what a decoder would allocate is huge.
 */
export async function pngBomb(side = 100_000): Promise<Buffer> {
  const png = Buffer.from(await pngOf(8, 8));
  // The signature (8), the IHDR's length (4) and type (4): width and height follow.
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);

export interface UploadInput {
  name: string;
  type: string;
  purpose: string;
  bytes: Buffer;
  /** The size told before sending; the bytes' length without. */
  size?: number;
}

export interface Uploaded {
  created: { status: number; body: unknown };
  sent?: { status: number; body: unknown };
  completed?: { status: number; body: unknown };
}

/** POST /api/uploads as `user`. */
export async function startUpload(
  t: TestApp,
  user: TestUser,
  input: Omit<UploadInput, 'bytes'> & { size: number },
) {
  const response = await t.request('POST', '/api/uploads', {
    user,
    body: { name: input.name, size: input.size, type: input.type, purpose: input.purpose },
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

/** The bytes sent where the answer of POST /api/uploads says (local: PUT; s3: the bucket's POST). */
export async function sendBytes(
  t: TestApp,
  user: TestUser,
  created: UploadCreated,
  bytes: Buffer,
  type = 'application/octet-stream',
): Promise<{ status: number; body: unknown }> {
  const { upload } = created;
  if (upload.method === 'PUT') {
    const response = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { ...upload.headers, origin: t.config.publicUrl, cookie: user.cookie },
      payload: bytes,
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  }
  return postToBucket(upload, bytes, type);
}

/** STORAGE=s3: the bytes sent to the bucket as a browser does, a form of the signed fields. */
export async function postToBucket(
  upload: Extract<UploadCreated['upload'], { method: 'POST' }>,
  bytes: Buffer,
  type: string,
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(upload.fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }));
  const response = await fetch(upload.url, { method: 'POST', body: form });
  return { status: response.status, body: await response.text() };
}

export async function completeUpload(t: TestApp, user: TestUser, id: string) {
  const response = await t.request('POST', `/api/uploads/${id}/complete`, { user });
  return { status: response.statusCode, body: response.json() as unknown };
}

/** All three steps; stops at the first refusal. */
export async function upload(t: TestApp, user: TestUser, input: UploadInput): Promise<Uploaded> {
  const created = await startUpload(t, user, { ...input, size: input.size ?? input.bytes.length });
  if (created.status !== 201) return { created };
  const sent = await sendBytes(t, user, created.body as UploadCreated, input.bytes, input.type);
  if (sent.status >= 300) return { created, sent };
  const completed = await completeUpload(t, user, (created.body as UploadCreated).id);
  return { created, sent, completed };
}

/** An upload that must succeed: its file as the API shows it. */
export async function uploaded(t: TestApp, user: TestUser, input: UploadInput): Promise<FileView> {
  const result = await upload(t, user, input);
  if (result.completed?.status !== 200) {
    throw new Error(`upload failed: ${JSON.stringify(result)}`);
  }
  return result.completed.body as FileView;
}

export const photo = async (name = 'wall.png'): Promise<UploadInput> => ({
  name,
  type: 'image/png',
  purpose: 'task',
  bytes: await pngOf(),
});

/** The smallest PDF the judge takes as one. */
export const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** A PDF upload for `purpose`. */
export const pdfUpload = (name = 'plan.pdf', purpose = 'task'): UploadInput => ({
  name,
  type: 'application/pdf',
  purpose,
  bytes: PDF,
});
