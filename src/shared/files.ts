import { z } from 'zod';

/**
 * Issue 49: photos and files (docs/files.md, decision 055). An upload is asked for (its name,
 * size, type and purpose), its bytes sent (to the API, or straight to the bucket), then
 * completed: the server judges the bytes, never the name or the browser's word.
 */

export const FILE_PURPOSES = ['task', 'avatar', 'message', 'delivery', 'portfolio'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/**
 * Purposes whose images anyone may see at their public address (GET /files/<sha>-<variant>.webp,
 * cached for good); the others (messages, deliveries) are private, read through signed links.
 */
export const PUBLIC_IMAGE_PURPOSES: readonly FilePurpose[] = ['task', 'avatar', 'portfolio'];

export const FILE_KINDS = ['image', 'document'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** What the bytes may be: images are re-encoded (sharp), documents served as attachments. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const DOCUMENT_TYPES = ['application/pdf', 'application/zip', 'text/plain'] as const;
/** Types a browser may declare for those (it often names a ZIP so; HEIC is tried, see below). */
export const DECLARABLE_TYPES: readonly string[] = [
  ...IMAGE_TYPES,
  ...DOCUMENT_TYPES,
  'image/heic',
  'image/heif',
  'application/x-zip-compressed',
  // A browser that does not know the type says nothing, or this: the bytes decide.
  '',
  'application/octet-stream',
];

/** The kinds each purpose takes: avatars and portfolio pieces are photos. */
export const PURPOSE_KINDS: Record<FilePurpose, readonly FileKind[]> = {
  task: ['image', 'document'],
  avatar: ['image'],
  message: ['image', 'document'],
  delivery: ['image', 'document'],
  portfolio: ['image'],
};

/** Per item: a task's photos and documents, a message's and a delivery's files, a portfolio. */
export const FILE_CAPS = {
  taskPhotos: 8,
  taskDocuments: 5,
  message: 5,
  delivery: 5,
  portfolio: 12,
} as const;

/** The resized copies of every image (WebP), longest side at most this many pixels. */
export const IMAGE_VARIANTS = { thumb: 160, card: 480, full: 1600 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

export const FILE_NAME_MAX_LENGTH = 200;

/** Megabytes as people read them in messages: "20 MB", "0.5 MB". */
export const megabytes = (bytes: number) =>
  `${Number((bytes / (1024 * 1024)).toFixed(1)).toLocaleString('en-US')} MB`;

export const FILE_MESSAGES = {
  tooLarge: (maxBytes: number) => `This file is larger than ${megabytes(maxBytes)}.`,
  largerThanDeclared: 'This file is larger than the size given when its upload began.',
  empty: 'This file is empty.',
  typeRefused: 'This type of file is not accepted.',
  notImage: 'This file is not a photo. Please choose a JPEG, PNG, WebP or AVIF image.',
  heicRefused:
    'HEIC photos cannot be read here. Please choose a JPEG, PNG, WebP or AVIF image (phones can save photos as JPEG).',
  unreadableImage: 'This image could not be read. It may be damaged.',
  tooManyPixels: (maxPixels: number) =>
    `This image is too large to process: at most ${Math.round(maxPixels / 1_000_000)} megapixels.`,
  quota: (quotaBytes: number) => `You have reached your storage limit of ${megabytes(quotaBytes)}.`,
  perDay: (max: number) => `You have reached today's limit of ${max} uploads.`,
  newAccountPerDay: (max: number) =>
    `New accounts may upload ${max} files a day. Please try again tomorrow.`,
  nameRequired: 'Please give the file a name.',
  nameTooLong: `A file name must be at most ${FILE_NAME_MAX_LENGTH} characters.`,
  sizeInvalid: 'Please give the size of the file in bytes.',
  purposeInvalid: `The purpose must be one of: ${FILE_PURPOSES.join(', ')}.`,
  notFound: 'No such file.',
  notOwner: 'Only the person who uploaded this file can do that.',
  notPending: 'This upload is already complete.',
  notUploaded: 'The file has not been sent yet.',
  notReady: 'A file is still uploading or was not accepted. Please wait for it, or remove it.',
  wrongPurpose: 'A file was uploaded for something else. Please upload it again here.',
  wrongKind: (what: string) => `Only ${what} can be attached here.`,
  tooMany: (max: number, what: string) => `At most ${max} ${what} can be attached.`,
  alreadyAttached: 'A file is already attached to something else. Please upload it again here.',
  linkExpired: 'This download link has expired. Please open the file again.',
  linkInvalid: 'This download link is not valid.',
  notAllowed: 'You cannot open this file.',
} as const;

const M = FILE_MESSAGES;

/** POST /api/uploads: what the browser knows of the file before sending it. */
export const uploadRequestSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(FILE_NAME_MAX_LENGTH, M.nameTooLong)
    .describe("The file's name as the person's device gave it; shown, never trusted"),
  size: z
    .number({ error: M.sizeInvalid })
    .int(M.sizeInvalid)
    .min(1, M.empty)
    .describe('Bytes; the upload may not send more'),
  type: z
    .string()
    .trim()
    .max(200)
    .default('')
    .describe("The browser's type for it (File.type); checked early, the bytes decide"),
  purpose: z.enum(FILE_PURPOSES, { error: M.purposeInvalid }),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** Where and how the browser sends the bytes: to the API (local storage) or the bucket (s3). */
export const uploadTargetSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('PUT'),
    url: z.string().describe('/api/uploads/{id}/content'),
    headers: z.record(z.string(), z.string()),
  }),
  z.object({
    method: z.literal('POST'),
    url: z.string().describe("The bucket's URL: a multipart form POST, the file last"),
    fields: z.record(z.string(), z.string()),
  }),
]);
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

export const uploadCreatedSchema = z.object({
  id: z.string(),
  upload: uploadTargetSchema,
});
export type UploadCreated = z.infer<typeof uploadCreatedSchema>;

export const fileIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A file as every answer shows it. */
export const fileViewSchema = z.object({
  id: z.string(),
  kind: z.enum(FILE_KINDS),
  mime: z.string().describe('Judged by the bytes'),
  name: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  placeholder: z
    .string()
    .optional()
    .describe('Images: a tiny blurred WebP as a data: URL, shown while the image loads'),
  urls: z
    .object({ thumb: z.string(), card: z.string(), full: z.string() })
    .nullable()
    .describe('Images: public, cached for good (content-addressed); null for documents'),
  downloadUrl: z
    .string()
    .optional()
    .describe('Documents: a short-lived signed link for this reader (GET /api/files/{id}/link)'),
});
export type FileView = z.infer<typeof fileViewSchema>;

/** GET /api/files/{id}/link. */
export const fileLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type FileLink = z.infer<typeof fileLinkSchema>;

/** The query of a signed download link. */
export const downloadQuerySchema = z.object({
  u: z.string().min(1).max(64),
  e: z.coerce.number().int(),
  s: z.string().min(1).max(128),
});

/** An optional list of uploaded file ids in a feature's create or edit body. */
export const fileIdsSchema = (max: number, what: string) =>
  z
    .array(z.string().min(1).max(64))
    .max(max, M.tooMany(max, what))
    .refine((ids) => new Set(ids).size === ids.length, 'A file is listed twice.')
    .optional();

/** The public address of an image's variant. */
export const imageVariantPath = (base: string, variant: ImageVariant) =>
  `/files/${base}-${variant}.webp`;
