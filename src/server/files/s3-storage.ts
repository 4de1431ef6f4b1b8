import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { StorageConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';

/** How long a browser has to send an upload's bytes once it was asked for. */
const POST_EXPIRES_SECONDS = 15 * 60;

type S3Config = Extract<StorageConfig, { mode: 's3' }>;

/**
 * STORAGE=s3 (issue 49, decision 055): any S3-compatible store through the official SDK.
 * Browsers send an upload straight to the bucket with a presigned POST whose policy fixes the
 * key, the size range and the Content-Type; the server then reads the object back to judge it
 * (a temporary copy on this machine, deleted after) and writes images' variants beside it.
 * Credentials come from the SDK's usual sources (the AWS_* variables among them).
 */
export function createS3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 asks for them: stores other than AWS's do not all know the
    // SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  const get = async (key: string) => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return { body: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
        return undefined;
      }
      throw error;
    }
  };

  return {
    mode: 's3',
    async uploadTarget(_id, key, { maxBytes, contentType }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: POST_EXPIRES_SECONDS,
      });
      return { method: 'POST', url, fields };
    },
    async withLocalCopy(key, use) {
      const object = await get(key);
      if (!object) return undefined;
      const copy = path.join(os.tmpdir(), `tasklane-upload-${crypto.randomUUID()}`);
      try {
        await pipeline(object.body, fs.createWriteStream(copy));
        return await use(copy, (await fs.promises.stat(copy)).size);
      } finally {
        await fs.promises.rm(copy, { force: true });
      }
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async putFile(key, file, size, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    open: get,
    async remove(keys) {
      // One by one: DeleteObjects needs a checksum that not every compatible store reads.
      await Promise.all(
        keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: key }))),
      );
    },
  };
}
