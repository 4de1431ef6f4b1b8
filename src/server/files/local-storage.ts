import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.ts';
import type { FileStorage } from './file-storage.ts';

/** Keys are made by storage.ts's functions; this refuses anything that could leave the root. */
const KEY = /^[a-z]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** STORAGE=local: files under DATA_DIR/files, uploaded through the API and streamed to disk. */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key);
  };
  const sizeOf = async (file: string) => {
    try {
      return (await fs.promises.stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const writeAtomically = async (key: string, write: (temporary: string) => Promise<void>) => {
    const file = fileOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // A unique name: two bodies sent at once for one key never mix; the last one wins.
    const temporary = `${file}.${crypto.randomUUID()}.part`;
    try {
      await write(temporary);
      await fs.promises.rename(temporary, file);
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
  };

  return {
    mode: 'local',
    async uploadTarget(id) {
      return {
        method: 'PUT',
        url: `/api/uploads/${id}/content`,
        headers: { 'content-type': 'application/octet-stream' },
      };
    },
    async receive(key, body, maxBytes, tooLarge) {
      let count = 0;
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          count += chunk.length;
          if (count <= maxBytes) return done(null, chunk);
          body.unpipe(limiter);
          // Chunks already on their way are dropped; the error is told once.
          done(
            count - chunk.length > maxBytes ? null : new AppError('payload_too_large', tooLarge),
          );
        },
      });
      // Piped, not in the pipeline: past the bound the body is left unread rather than ended
      // with our error, the 413 goes out, and the route closes the connection after it.
      body.on('error', (error) => limiter.destroy(error));
      await writeAtomically(key, (temporary) => {
        const written = pipeline(limiter, fs.createWriteStream(temporary));
        body.pipe(limiter);
        return written;
      });
      return count;
    },
    async withLocalCopy(key, use) {
      const file = fileOf(key);
      const size = await sizeOf(file);
      return size === undefined ? undefined : use(file, size);
    },
    async put(key, body) {
      await writeAtomically(key, (temporary) => fs.promises.writeFile(temporary, body));
    },
    async putFile(key, file) {
      await writeAtomically(key, (temporary) => fs.promises.copyFile(file, temporary));
    },
    async open(key) {
      const file = fileOf(key);
      const size = await sizeOf(file);
      return size === undefined ? undefined : { body: fs.createReadStream(file), size };
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.promises.rm(fileOf(key), { force: true })));
    },
  };
}
