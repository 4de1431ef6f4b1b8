import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import sharp, { type Metadata } from 'sharp';
import { FILE_MESSAGES, IMAGE_VARIANTS, type ImageVariant } from '../../shared/files.ts';
import { AppError } from '../errors.ts';

// Decoded images are not kept between requests: uploads are each processed once.
sharp.cache(false);

/** The longest side of the placeholder, a blurred WebP sent inline as a data: URL. */
const PLACEHOLDER_PX = 16;

export interface ProcessedImage {
  /** sha-256 of the original bytes, hex: the variants' names. */
  sha: string;
  /** As shown: after the EXIF orientation is applied. */
  width: number;
  height: number;
  placeholder: string;
  variants: { variant: ImageVariant; body: Buffer }[];
}

/**
 * Issue 49: an image decoded and re-encoded by sharp, so nothing of the upload but its pixels
 * is served: EXIF (a phone's GPS position among it), ICC and XMP are dropped (sharp keeps no
 * metadata unless asked), the EXIF orientation is applied first, and images of more than
 * `maxPixels` are refused before they are decoded (no decompression bombs).
 */
export async function processImage(
  file: string,
  mime: string,
  maxPixels: number,
): Promise<ProcessedImage> {
  // sharp's own build reads AVIF but not every HEIC (HEVC): those are refused with a clear word.
  const unreadable = () =>
    mime === 'image/heic'
      ? new AppError('unsupported_media_type', FILE_MESSAGES.heicRefused)
      : new AppError('bad_request', FILE_MESSAGES.unreadableImage);
  const options = { limitInputPixels: maxPixels, failOn: 'error' } as const;
  let metadata: Metadata;
  // A header past the bound is refused here, before any pixel is decoded.
  const refusalOf = (error: unknown) =>
    error instanceof Error && /pixel limit/i.test(error.message)
      ? new AppError('bad_request', FILE_MESSAGES.tooManyPixels(maxPixels))
      : unreadable();
  try {
    metadata = await sharp(file, options).metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > maxPixels) {
    throw new AppError('bad_request', FILE_MESSAGES.tooManyPixels(maxPixels));
  }
  const shown = metadata.autoOrient;
  const oriented = sharp(file, options).rotate();
  const resized = (px: number) =>
    oriented.clone().resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true });
  try {
    const [sha, placeholder, ...variants] = await Promise.all([
      sha256Of(file),
      resized(PLACEHOLDER_PX).webp({ quality: 40 }).toBuffer(),
      ...Object.entries(IMAGE_VARIANTS).map(async ([variant, px]) => ({
        variant: variant as ImageVariant,
        body: await resized(px).webp({ quality: 80 }).toBuffer(),
      })),
    ]);
    return {
      sha,
      width: shown.width,
      height: shown.height,
      placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
      variants,
    };
  } catch (error) {
    throw refusalOf(error);
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}
