import zlib from 'node:zlib';
import type { Locator } from '@playwright/test';
import { callApi } from './e2e-accounts.ts';
import { e2eEnv } from './e2e-env.ts';

/** Issue 49's browser tests: images made here, and files dropped as a person drops them. */

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour: a real image that the server's image library decodes and re-encodes. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array(height).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngFile = (
  name: string,
  width: number,
  height: number,
  rgb: [number, number, number],
) => ({ name, mimeType: 'image/png', buffer: solidPng(width, height, rgb) }) satisfies FilePayload;

/** A file of `size` zero bytes, made in the page (a large file need not cross to the browser). */
export interface BlankFile {
  name: string;
  mimeType: string;
  size: number;
}

/** A DataTransfer built in the page holding the files, as a drop or a paste carries them. */
async function transferOf(target: Locator, files: readonly (FilePayload | BlankFile)[]) {
  const payload = files.map((file) =>
    'buffer' in file
      ? {
          name: file.name,
          mimeType: file.mimeType,
          base64: file.buffer.toString('base64'),
          size: 0,
        }
      : { ...file, base64: '' },
  );
  return target.page().evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = item.base64
        ? Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0))
        : new Uint8Array(item.size);
      transfer.items.add(new File([bytes], item.name, { type: item.mimeType }));
    }
    return transfer;
  }, payload);
}

/** Drops files on `target` as a browser does: dragenter, dragover and drop. */
export async function dropFiles(
  target: Locator,
  files: readonly (FilePayload | BlankFile)[],
): Promise<void> {
  const dataTransfer = await transferOf(target, files);
  for (const type of ['dragenter', 'dragover', 'drop'])
    await target.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

/** Pastes files into `target` (the element with the focus, as Ctrl+V would). */
export async function pasteFiles(target: Locator, files: readonly FilePayload[]): Promise<void> {
  const clipboardData = await transferOf(target, files);
  await target.evaluate(
    (element, data) =>
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      ),
    clipboardData,
  );
  await clipboardData.dispose();
}

/**
 * An upload made through the API as `cookie`'s user (POST /api/uploads, the bytes, complete),
 * as the web app's uploader does it with local storage; returns the ready file's id.
 */
export async function uploadOverApi(
  cookie: string,
  file: FilePayload,
  purpose: 'task' | 'message' | 'delivery' | 'portfolio' | 'avatar',
): Promise<string> {
  const asked = await callApi<{ id: string; upload: { method: string; url: string } }>(
    'POST',
    '/api/uploads',
    { cookie, body: { name: file.name, size: file.buffer.length, type: file.mimeType, purpose } },
  );
  if (asked.status !== 201) throw new Error(`upload refused: ${JSON.stringify(asked.body)}`);
  const { baseURL } = e2eEnv();
  const sent = await fetch(`${baseURL}${asked.body.upload.url}`, {
    method: 'PUT',
    headers: { cookie, origin: baseURL, 'content-type': file.mimeType },
    body: new Uint8Array(file.buffer),
  });
  if (!sent.ok) throw new Error(`upload not sent: ${sent.status} ${await sent.text()}`);
  const done = await callApi('POST', `/api/uploads/${asked.body.id}/complete`, { cookie });
  if (done.status !== 200) throw new Error(`upload not completed: ${JSON.stringify(done.body)}`);
  return asked.body.id;
}
