import fs from 'node:fs';
import { DOCUMENT_TYPES, FILE_MESSAGES, IMAGE_TYPES, type FileKind } from '../../shared/files.ts';
import { AppError } from '../errors.ts';

/**
 * Issue 49: what a stored upload is, judged by its bytes alone (file-type's signatures), never
 * by its name or the type the browser declared. Images: JPEG, PNG, WebP, AVIF, and HEIC where
 * sharp reads it (image-variants.ts says). Documents: PDF, ZIP, plain UTF-8 text without NUL
 * bytes. Markup (SVG, HTML, XML) is refused even as text: nothing uploaded is active content.
 */
export interface Judged {
  kind: FileKind;
  mime: string;
}

const HEIC_TYPES = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];
/** Text whose start makes a browser or a viewer treat it as markup. */
const MARKUP = /^\s*<(\?xml|!doctype|svg|html|script|head|body|iframe|object|!--)/i;

export async function judgeFile(file: string): Promise<Judged> {
  // file-type is loaded by the first upload, not at every start (its import: about 60 ms).
  const { fileTypeFromFile } = await import('file-type');
  const found = await fileTypeFromFile(file);
  if (found) {
    if ((IMAGE_TYPES as readonly string[]).includes(found.mime)) {
      return { kind: 'image', mime: found.mime };
    }
    if (HEIC_TYPES.includes(found.mime)) return { kind: 'image', mime: 'image/heic' };
    if ((DOCUMENT_TYPES as readonly string[]).includes(found.mime)) {
      return { kind: 'document', mime: found.mime };
    }
    throw refused();
  }
  if (await isPlainText(file)) return { kind: 'document', mime: 'text/plain' };
  throw refused();
}

const refused = () => new AppError('unsupported_media_type', FILE_MESSAGES.typeRefused);

/** UTF-8 throughout (read as a stream), no NUL byte, and not markup. */
async function isPlainText(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let isStart = true;
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      const text = decoder.decode(bytes, { stream: true });
      if (isStart && MARKUP.test(text.replace(/^\uFEFF/, ''))) return false;
      isStart = false;
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}
