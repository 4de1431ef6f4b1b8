import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  DECLARABLE_TYPES,
  DOCUMENT_TYPES,
  FILE_MESSAGES,
  IMAGE_VARIANTS,
  imageVariantPath,
  PURPOSE_KINDS,
  type FilePurpose,
  type FileView,
  type ImageVariant,
  type UploadCreated,
  type UploadRequest,
} from '../../shared/files.ts';
import type { FilesConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { judgeFile } from './file-judge.ts';
import type { LinkSigner } from './file-links.ts';
import {
  hasPublicImage,
  insertFile,
  markReady,
  markRemoved,
  ownsImage,
  readFile,
  unheldKeys,
  usageOf,
  type FileRow,
} from './files.store.ts';
import { processImage } from './image-variants.ts';
import { originalKey, variantKey, type FileStorage } from './storage.ts';

/**
 * Issue 49 (docs/files.md): an upload asked for, its bytes received (local storage), judged
 * and processed on completion; files removed with their bytes; public images served.
 */
export interface FilesDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  limits: Omit<FilesConfig, 'storage'>;
  links: LinkSigner;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const M = FILE_MESSAGES;

/** Purposes whose images anyone may see at their public address; the others are private. */
const PUBLIC_PURPOSES: readonly FilePurpose[] = ['task', 'avatar', 'portfolio'];
export const isPublicImage = (row: Pick<FileRow, 'kind' | 'purpose'>) =>
  row.kind === 'image' && PUBLIC_PURPOSES.includes(row.purpose);

/** POST /api/uploads: the limits checked before any byte is sent, then a pending row. */
export async function createUpload(
  deps: FilesDeps,
  user: { id: string },
  input: UploadRequest,
  now = new Date(),
): Promise<UploadCreated> {
  const { db, storage, limits } = deps;
  const declared = input.type.toLowerCase();
  if (!DECLARABLE_TYPES.includes(declared)) {
    throw new AppError('unsupported_media_type', M.typeRefused);
  }
  const isDocument = (DOCUMENT_TYPES as readonly string[]).includes(declared);
  if (isDocument && !PURPOSE_KINDS[input.purpose].includes('document')) {
    throw new AppError('unsupported_media_type', M.notImage);
  }
  if (input.size > limits.maxBytes) {
    throw new AppError('payload_too_large', M.tooLarge(limits.maxBytes));
  }
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const usage = await usageOf(db, user.id, since);
  if (usage.startedSince >= limits.perDay) {
    throw new AppError('too_many_requests', M.perDay(limits.perDay));
  }
  if (usage.startedSince >= limits.newAccountPerDay && (await isNewAccount(db, user.id, now))) {
    throw new AppError('too_many_requests', M.newAccountPerDay(limits.newAccountPerDay));
  }
  if (usage.bytes + input.size > limits.quotaBytes) {
    throw new AppError('payload_too_large', M.quota(limits.quotaBytes));
  }
  const id = crypto.randomUUID();
  const key = originalKey(id);
  await insertFile(db, {
    id,
    owner_id: user.id,
    kind: null,
    purpose: input.purpose,
    mime: null,
    size_bytes: input.size,
    original_name: input.name,
    storage_key: key,
    width: null,
    height: null,
    placeholder: null,
    status: 'pending',
    attached_type: null,
    attached_id: null,
    created_at: now.toISOString(),
    attached_at: null,
    removed_at: null,
  });
  const upload = await storage.uploadTarget(id, key, {
    maxBytes: input.size,
    contentType: declared || 'application/octet-stream',
  });
  return { id, upload };
}

async function isNewAccount(db: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('createdAt')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && now.getTime() - new Date(row.createdAt).getTime() < DAY_MS;
}

/** The caller's own upload still waiting for its bytes or its completion. */
async function pendingUploadOf(deps: FilesDeps, userId: string, id: string): Promise<FileRow> {
  const row = await readFile(deps.db, id);
  if (!row || row.status === 'removed') throw new AppError('not_found', M.notFound);
  if (row.owner_id !== userId) throw new AppError('forbidden', M.notOwner);
  if (row.status !== 'pending') throw new AppError('conflict', M.notPending);
  return row;
}

/** PUT /api/uploads/{id}/content (local storage): the body streamed to disk, bounded. */
export async function receiveContent(
  deps: FilesDeps,
  userId: string,
  id: string,
  body: Readable,
  contentLength: number | undefined,
): Promise<number> {
  const row = await pendingUploadOf(deps, userId, id);
  const { receive } = deps.storage;
  if (!receive) throw new AppError('not_found', M.notFound);
  // The size asked for (at most UPLOAD_MAX_BYTES): the quota was counted with it.
  if (contentLength !== undefined && contentLength > row.size_bytes) {
    throw new AppError('payload_too_large', M.largerThanDeclared);
  }
  return receive.call(deps.storage, row.storage_key, body, row.size_bytes, M.largerThanDeclared);
}

/**
 * POST /api/uploads/{id}/complete: the stored bytes judged and, for images, re-encoded into
 * their variants; the row ready to attach. A refused upload is removed with its bytes, so it
 * holds none of the quota; sending the file again starts a new upload.
 */
export async function completeUpload(
  deps: FilesDeps,
  userId: string,
  id: string,
  now = new Date(),
): Promise<FileView> {
  const { db, storage, limits } = deps;
  const row = await pendingUploadOf(deps, userId, id);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const fields = await storage.withLocalCopy(row.storage_key, async (file, size) => {
    try {
      if (size === 0) throw new AppError('bad_request', M.empty);
      if (size > Math.min(row.size_bytes, limits.maxBytes)) {
        throw new AppError('payload_too_large', M.largerThanDeclared);
      }
      const { bytes } = await usageOf(db, userId, since, id);
      if (bytes + size > limits.quotaBytes) {
        throw new AppError('payload_too_large', M.quota(limits.quotaBytes));
      }
      const judged = await judgeFile(file);
      if (!PURPOSE_KINDS[row.purpose].includes(judged.kind)) {
        throw new AppError('unsupported_media_type', M.notImage);
      }
      if (judged.kind === 'document') {
        return {
          ...judged,
          size_bytes: size,
          storage_key: row.storage_key,
          width: null,
          height: null,
          placeholder: null,
        };
      }
      const image = await processImage(file, judged.mime, limits.maxPixels);
      await Promise.all(
        image.variants.map(({ variant, body }) =>
          storage.put(variantKey(image.sha, variant), body, 'image/webp'),
        ),
      );
      return {
        ...judged,
        size_bytes: size,
        storage_key: image.sha,
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
      };
    } catch (error) {
      if (error instanceof AppError) await removeFiles(deps, { ids: [id] });
      throw error;
    }
  });
  if (!fields) throw new AppError('conflict', M.notUploaded);
  if ((await markReady(db, id, fields)) === 0) throw new AppError('conflict', M.notPending);
  // An image's original (its EXIF among it) is kept nowhere once its variants are written.
  if (fields.kind === 'image') await storage.remove([row.storage_key]);
  return fileViewOf({ ...row, ...fields }, deps.links, userId);
}

/** The file as answers show it; documents and private images with a link for `readerId`. */
export function fileViewOf(
  row: Pick<
    FileRow,
    | 'id'
    | 'kind'
    | 'purpose'
    | 'mime'
    | 'original_name'
    | 'size_bytes'
    | 'storage_key'
    | 'width'
    | 'height'
    | 'placeholder'
  >,
  links: LinkSigner,
  readerId: string | undefined,
): FileView {
  const kind = row.kind ?? 'document';
  const isPublic = isPublicImage(row);
  return {
    id: row.id,
    kind,
    mime: row.mime ?? 'application/octet-stream',
    name: row.original_name,
    sizeBytes: row.size_bytes,
    ...(row.width !== null && row.height !== null ? { width: row.width, height: row.height } : {}),
    ...(row.placeholder !== null ? { placeholder: row.placeholder } : {}),
    urls: isPublic ? imageUrlsOf(row.storage_key) : null,
    ...(isPublic ? {} : { downloadUrl: links.linkTo(row.id, readerId).url }),
  };
}

export const imageUrlsOf = (base: string) =>
  Object.fromEntries(
    Object.keys(IMAGE_VARIANTS).map((variant) => [
      variant,
      imageVariantPath(base, variant as ImageVariant),
    ]),
  ) as Record<ImageVariant, string>;

/** Files removed (their rows kept, marked) and the bytes no other file holds deleted. */
export async function removeFiles(
  deps: Pick<FilesDeps, 'db' | 'storage'>,
  where: Parameters<typeof markRemoved>[1],
): Promise<number> {
  const removed = await markRemoved(deps.db, where);
  await deleteUnheldBytes(deps, removed);
  return removed.length;
}

/** After a commit that removed these rows: their bytes, unless another file holds them. */
export async function deleteUnheldBytes(
  { db, storage }: Pick<FilesDeps, 'db' | 'storage'>,
  removed: readonly Pick<FileRow, 'storage_key' | 'kind'>[],
): Promise<void> {
  const gone = await unheldKeys(
    db,
    removed.map((row) => row.storage_key),
  );
  const keys = gone.flatMap((key) =>
    key.includes('/')
      ? [key]
      : Object.keys(IMAGE_VARIANTS).map((variant) => variantKey(key, variant)),
  );
  await storage.remove(keys);
}

/** GET /files/<sha>-<variant>.webp: a public photo's variant, if anyone (or this reader) may see it. */
export async function openPublicImage(
  deps: FilesDeps,
  sha: string,
  variant: ImageVariant,
  readerId: () => Promise<string | undefined>,
): Promise<{ body: Readable; size: number; isPublic: boolean } | undefined> {
  const isPublic = await hasPublicImage(deps.db, sha);
  if (!isPublic) {
    const reader = await readerId();
    if (reader === undefined || !(await ownsImage(deps.db, sha, reader))) return undefined;
  }
  const stored = await deps.storage.open(variantKey(sha, variant));
  return stored && { ...stored, isPublic };
}
