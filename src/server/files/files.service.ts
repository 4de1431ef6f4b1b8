import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  DECLARABLE_TYPES,
  DOCUMENT_TYPES,
  FILE_MESSAGES,
  IMAGE_VARIANTS,
  imageVariantPath,
  PUBLIC_IMAGE_PURPOSES,
  PURPOSE_KINDS,
  type FileKind,
  type FilePurpose,
  type FileLink,
  type FileView,
  type ImageVariant,
  type UploadCreated,
  type UploadRequest,
} from '../../shared/files.ts';
import type { FilesConfig } from '../config.ts';
import type { Database, FileAttachedType } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { deliveryReadersOf } from '../delivery/delivery.store.ts';
import { judgeFile } from './file-judge.ts';
import { ANONYMOUS_READER, type LinkSigner } from './file-links.ts';
import {
  attachedTo,
  attachFile,
  hasOpenReport,
  hasPublicImage,
  insertFile,
  isAdmin,
  isBlockedBetween,
  markPurged,
  messagePartiesOf,
  markReady,
  markRemoved,
  ownsImage,
  readFile,
  readFiles,
  taskReadersOf,
  unattachedBefore,
  adoptAvatarsInUse,
  unheldKeys,
  unpurged,
  usageOf,
  type FileRow,
  type FilesToRemove,
} from './files.store.ts';
import { documentKey, originalKey, variantKey, type FileStorage } from './file-storage.ts';

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

/** An image anyone may see at its public address (PUBLIC_IMAGE_PURPOSES). */
export const isPublicImage = (row: Pick<FileRow, 'kind' | 'purpose'>) =>
  row.kind === 'image' && PUBLIC_IMAGE_PURPOSES.includes(row.purpose);

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
        const key = documentKey(id);
        await storage.putFile(key, file, size, judged.mime);
        return {
          ...judged,
          size_bytes: size,
          storage_key: key,
          width: null,
          height: null,
          placeholder: null,
        };
      }
      // sharp is loaded by the first photo, not at every start (its import: about 100 ms).
      const { processImage } = await import('./image-variants.ts');
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
      if (error instanceof AppError) await purgeFiles(deps, await markRemoved(db, { ids: [id] }));
      throw error;
    }
  });
  if (!fields) throw new AppError('conflict', M.notUploaded);
  if ((await markReady(db, id, fields)) === 0) throw new AppError('conflict', M.notPending);
  // The upload is kept nowhere once judged: an image's original (its EXIF among it) lives on
  // only as its variants, a document under a key of its own.
  await storage.remove([row.storage_key]);
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
  /** Without: no link (an answer shared by every reader); they ask GET /api/files/{id}/link. */
  links: LinkSigner | undefined,
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
    ...(isPublic || !links ? {} : { downloadUrl: links.linkTo(row.id, readerId).url }),
  };
}

export const imageUrlsOf = (base: string) =>
  Object.fromEntries(
    Object.keys(IMAGE_VARIANTS).map((variant) => [
      variant,
      imageVariantPath(base, variant as ImageVariant),
    ]),
  ) as Record<ImageVariant, string>;

/**
 * Files removed with what they belong to, in its transaction: never served again from its
 * commit; their bytes are deleted by the sweep (purgeRemovedFiles), on whichever instance.
 */
export async function removeFiles(db: Kysely<Database>, where: FilesToRemove): Promise<number> {
  return (await markRemoved(db, where)).length;
}

/** The bytes of removed files, unless another file holds them (a photo's shared variants). */
async function purgeFiles(
  { db, storage }: Pick<FilesDeps, 'db' | 'storage'>,
  removed: readonly Pick<FileRow, 'id' | 'storage_key'>[],
): Promise<void> {
  if (removed.length === 0) return;
  const gone = await unheldKeys(
    db,
    removed.map((row) => row.storage_key),
  );
  // A document's or an upload's key is a path; a photo's is its sha-256, naming its variants.
  const keys = gone.flatMap((key) =>
    key.includes('/')
      ? [key]
      : Object.keys(IMAGE_VARIANTS).map((variant) => variantKey(key, variant)),
  );
  await storage.remove(keys);
  await markPurged(
    db,
    removed.map((row) => row.id),
    new Date().toISOString(),
  );
}

const PURGE_BATCH = 200;

/** Sweep: the bytes of files removed since the last sweep. */
export async function purgeRemovedFiles(deps: Pick<FilesDeps, 'db' | 'storage'>): Promise<number> {
  const rows = await unpurged(deps.db, PURGE_BATCH);
  await purgeFiles(deps, rows);
  return rows.length;
}

/** Sweep (issue 49): uploads never attached within a day are removed, and their bytes. */
export async function removeUnattachedUploads(
  deps: Pick<FilesDeps, 'db' | 'storage'>,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - DAY_MS).toISOString();
  await adoptAvatarsInUse(deps.db, before, now.toISOString());
  const ids = await unattachedBefore(deps.db, before, PURGE_BATCH);
  const removed = await markRemoved(deps.db, { ids });
  await purgeFiles(deps, removed);
  return removed.length;
}

/** One kind of file an item takes, as its create or edit body lists them. */
export interface FileGroup {
  /** Absent: the item's files of this kind stay as they are. */
  ids: readonly string[] | undefined;
  /** Absent: photos and documents alike (a message's files). */
  kind?: FileKind;
  max: number;
  /** What they are called in messages: "photos", "documents". */
  what: string;
}

/** What an item shows of its files without reading them: the first photo, and how many. */
export interface ItemFilesSummary {
  firstPhoto: { key: string; placeholder: string } | null;
  count: number;
}

/**
 * Issue 49: an item's files set to the lists its body gave, in the item's transaction: each
 * the owner's, ready (or already this item's), of the item's purpose and the group's kind,
 * within the caps; those no longer listed are removed. Undefined when nothing changed.
 */
export async function setItemFiles(
  db: Kysely<Database>,
  {
    ownerId,
    purpose,
    item,
    groups,
  }: {
    ownerId: string;
    purpose: FilePurpose;
    item: { type: FileAttachedType; id: string };
    groups: readonly FileGroup[];
  },
  now = new Date().toISOString(),
): Promise<ItemFilesSummary | undefined> {
  const given = groups.filter((group) => group.ids !== undefined);
  if (given.length === 0) return undefined;
  const current = await attachedTo(db, item.type, [item.id]);
  let isChanged = false;
  for (const group of given) {
    const ids = group.ids!;
    if (ids.length > group.max) {
      throw new AppError('bad_request', M.tooMany(group.max, group.what));
    }
    const rows = new Map((await readFiles(db, ids)).map((row) => [row.id, row]));
    for (const id of ids) assertAttachable(rows.get(id), ownerId, purpose, item, group);
    const before = current
      .filter((row) => group.kind === undefined || row.kind === group.kind)
      .map((row) => row.id);
    if (before.length === ids.length && before.every((id, at) => ids[at] === id)) continue;
    isChanged = true;
    for (const [position, id] of ids.entries()) {
      await attachFile(db, id, item, position, now);
    }
    await markRemoved(db, { ids: before.filter((id) => !ids.includes(id)) }, now);
  }
  if (!isChanged) return undefined;
  return itemFilesSummary(db, item.type, item.id);
}

/** What an item's row keeps of its shown files (none hidden or removed by moderation). */
export async function itemFilesSummary(
  db: Kysely<Database>,
  type: FileAttachedType,
  id: string,
): Promise<ItemFilesSummary> {
  const after = await attachedTo(db, type, [id]);
  const photo = after.find((row) => row.kind === 'image');
  return {
    firstPhoto: photo ? { key: photo.storage_key, placeholder: photo.placeholder ?? '' } : null,
    count: after.length,
  };
}

function assertAttachable(
  row: FileRow | undefined,
  ownerId: string,
  purpose: FilePurpose,
  item: { type: FileAttachedType; id: string },
  group: FileGroup,
): void {
  if (!row || row.status === 'removed') throw new AppError('bad_request', M.notFound);
  if (row.owner_id !== ownerId) throw new AppError('forbidden', M.notOwner);
  if (row.status === 'pending') throw new AppError('bad_request', M.notReady);
  const isThisItems = row.attached_type === item.type && row.attached_id === item.id;
  if (row.status === 'attached' && !isThisItems) {
    throw new AppError('conflict', M.alreadyAttached);
  }
  if (row.purpose !== purpose) throw new AppError('bad_request', M.wrongPurpose);
  if (group.kind !== undefined && row.kind !== group.kind) {
    throw new AppError('bad_request', M.wrongKind(group.what));
  }
}

/**
 * The files of items, by item, in order, as every reader may see them (no links); with
 * `reader`, private files carry a link signed for that reader (issue 49: deliveries).
 */
export async function filesOfItems(
  db: Kysely<Database>,
  type: FileAttachedType,
  ids: readonly string[],
  reader?: { links: LinkSigner; id: string },
): Promise<Map<string, { photos: FileView[]; files: FileView[] }>> {
  const byItem = new Map<string, { photos: FileView[]; files: FileView[] }>();
  for (const row of await attachedTo(db, type, ids)) {
    const entry = byItem.get(row.attached_id!) ?? { photos: [], files: [] };
    const view = fileViewOf(row, reader?.links, reader?.id);
    (view.kind === 'image' ? entry.photos : entry.files).push(view);
    byItem.set(row.attached_id!, entry);
  }
  return byItem;
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

/**
 * Whether `readerId` (undefined: a visitor) may open a file, asked again on every read: its
 * uploader; an admin (a message's file only while handling a report); nobody else once
 * moderation hid or removed it; for a task's files, whoever may read the task (not a blocked
 * user: a block keeps two people apart). Files of other items are their parties' (messages;
 * deliveries: mayReadDelivery).
 */
async function mayRead(
  db: Kysely<Database>,
  row: FileRow,
  readerId: string | undefined,
): Promise<boolean> {
  if (readerId === row.owner_id) return true;
  if (row.purpose === 'delivery') {
    return row.moderation === null && (await mayReadDelivery(db, row, readerId));
  }
  if (readerId !== undefined && (await isAdmin(db, readerId))) {
    if (await adminMayRead(db, row)) return true;
  }
  // Hidden by reports or removed by moderation: its uploader's alone.
  if (row.moderation !== null) return false;
  if (row.status !== 'attached') return false;
  if (row.attached_type === 'task') {
    const task = await taskReadersOf(db, row.attached_id!);
    if (!task?.isShown) return false;
    return readerId === undefined || !(await isBlockedBetween(db, readerId, row.owner_id));
  }
  if (row.attached_type === 'message') {
    if (readerId === undefined) return false;
    const message = await messagePartiesOf(db, row.attached_id!);
    if (!message?.isShown || !message.userIds.includes(readerId)) return false;
    return !(await isBlockedBetween(db, readerId, row.owner_id));
  }
  return false;
}

/**
 * Issue 49: a delivery's files (not their uploader, asked above): the task's poster, unless a
 * block stands between them (as for a message's files); an admin only while deciding a dispute
 * of the task, not otherwise.
 */
async function mayReadDelivery(
  db: Kysely<Database>,
  row: FileRow,
  readerId: string | undefined,
): Promise<boolean> {
  if (readerId === undefined || row.status !== 'attached' || row.attached_type !== 'delivery') {
    return false;
  }
  const delivery = await deliveryReadersOf(db, row.attached_id!);
  if (!delivery) return false;
  if (readerId === delivery.posterId) {
    return !(await isBlockedBetween(db, readerId, delivery.freelancerId));
  }
  return delivery.isDisputed && (await isAdmin(db, readerId));
}

/**
 * Whether an admin may open a file as an admin: a message's file only while a report on it or
 * on its message is open (they handle that report); otherwise as any third user would.
 */
async function adminMayRead(db: Kysely<Database>, row: FileRow): Promise<boolean> {
  if (row.attached_type !== 'message') return true;
  return hasOpenReport(db, [
    { type: 'file', id: row.id },
    { type: 'message', id: row.attached_id! },
  ]);
}

/** A file that is there to read (attached, or ready for its uploader), else 404. */
async function readableFile(db: Kysely<Database>, id: string): Promise<FileRow> {
  const row = await readFile(db, id);
  if (!row || (row.status !== 'ready' && row.status !== 'attached')) {
    throw new AppError('not_found', M.notFound);
  }
  return row;
}

/** GET /api/files/{id}/link: a signed link for this reader, if they may open the file. */
export async function linkToFile(
  deps: FilesDeps,
  id: string,
  readerId: string | undefined,
): Promise<FileLink> {
  const row = await readableFile(deps.db, id);
  if (!(await mayRead(deps.db, row, readerId))) throw new AppError('forbidden', M.notAllowed);
  return deps.links.linkTo(id, readerId);
}

/** GET /api/files/{id}/download: the link checked, then the reader again, then the bytes. */
export async function openDownload(
  deps: FilesDeps,
  id: string,
  query: { u: string; e: number; s: string },
): Promise<{ body: Readable; size: number; mime: string; name: string }> {
  const reader = deps.links.readerOf(id, query);
  const row = await readableFile(deps.db, id);
  const readerId = reader === ANONYMOUS_READER ? undefined : reader;
  if (!(await mayRead(deps.db, row, readerId))) throw new AppError('forbidden', M.notAllowed);
  // A photo is given as its largest variant: its original, metadata and all, is kept nowhere.
  const isImage = row.kind === 'image';
  const key = isImage ? variantKey(row.storage_key, 'full') : row.storage_key;
  const stored = await deps.storage.open(key);
  if (!stored) throw new AppError('not_found', M.notFound);
  return {
    ...stored,
    mime: isImage ? 'image/webp' : (row.mime ?? 'application/octet-stream'),
    name: isImage ? row.original_name.replace(/(\.[^.]*)?$/, '.webp') : row.original_name,
  };
}

/** The sha-256 of one of our public photos named by an address (`…/files/<sha>-<variant>.webp`). */
export function photoShaOf(address: string): string | null {
  let path: string;
  try {
    path = new URL(address, 'http://local.invalid').pathname;
  } catch {
    return null;
  }
  return /^\/files\/([0-9a-f]{64})-(?:thumb|card|full)\.webp$/.exec(path)?.[1] ?? null;
}

/**
 * Issue 49: after a profile update that sets the photo, the avatar it names (one of the user's
 * own uploads of purpose avatar, by its sha-256) is attached to the profile, and the avatar
 * attached before it, now unused, is released: marked removed, so the sweep deletes its bytes
 * unless another file holds the same photo. Another photo address (or none) releases it too.
 * One transaction, run right after Better Auth's own update of the user row (which runs in none
 * of ours); should it fail between the two, the sweep still adopts the avatar in use.
 */
export async function setProfileAvatar(
  db: Kysely<Database>,
  userId: string,
  image: string | null,
  now = new Date().toISOString(),
): Promise<void> {
  const sha = image ? photoShaOf(image) : null;
  await db.transaction().execute(async (trx) => {
    const avatar = sha
      ? await trx
          .selectFrom('files')
          .select('id')
          .where('owner_id', '=', userId)
          .where('purpose', '=', 'avatar')
          .where('storage_key', '=', sha)
          .where('status', 'in', ['ready', 'attached'])
          .orderBy('status') // 'attached' before 'ready': the profile's own, if it is this one
          .executeTakeFirst()
      : undefined;
    if (avatar) await attachFile(trx, avatar.id, { type: 'profile', id: userId }, 0, now);
    const previous = await trx
      .selectFrom('files')
      .select('id')
      .where('attached_type', '=', 'profile')
      .where('attached_id', '=', userId)
      .where('status', '=', 'attached')
      .$if(avatar !== undefined, (query) => query.where('id', '!=', avatar!.id))
      .execute();
    await markRemoved(trx, { ids: previous.map((row) => row.id) }, now);
  });
}
