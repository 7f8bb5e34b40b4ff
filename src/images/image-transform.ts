import { UnprocessableEntityException } from '@nestjs/common';
import sharp from 'sharp';
import { IMAGE_QUALITIES, REVIEW_IMAGE } from 'core/images';
import { errorBody } from 'src/common/error-body';
import type { SourceFormat } from './image-format';

/** SPEC section 9's default quality and the review image's (1200x800 at 85); the widths are in core/images.ts, shared with the pages. */
export const DEFAULT_QUALITY = IMAGE_QUALITIES[0];
export const REVIEW_QUALITY = REVIEW_IMAGE.quality;
/** A review image is cropped to 3:2, so the 1200-wide one is SPEC's 1200x800. */
export const REVIEW_ASPECT = 2 / 3;
/** Decoding is refused past this many pixels: a tiny file can declare 50000x50000 (a decompression bomb). */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * An answer never holds more pixels than the widest variant of a 1:2 portrait (1600 x 3200): a taller
 * image is scaled to fit inside `w` x (this / `w`), so a long strip costs what an ordinary photo does.
 */
export const MAX_OUTPUT_PIXELS = 1600 * 3200;
/** AVIF only up to this many pixels in the answer (a 1600 x 1200 photo); a larger one is JPEG or PNG. */
export const MAX_AVIF_PIXELS = 1600 * 1250;
/** A source whose long side is more than this many times its short side is refused (no photo is 1:10). */
export const MAX_ASPECT_RATIO = 10;

/**
 * SPEC's quality is on JPEG's (and WebP's) scale. AVIF at the same number is far finer and larger (sharp's
 * own defaults are 80 for JPEG, 50 for AVIF), so it gets the equivalent imgproxy uses: 63 for 80.
 */
const avifQuality = (quality: number) => Math.max(1, Math.round((quality * 63) / 80));

export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';
export type RasterFormat = Exclude<SourceFormat, 'svg'>;

export const CONTENT_TYPES: Record<OutputFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

export interface Variant {
  width: number;
  quality: number;
  review: boolean;
  /** The best format the client takes, or null when it names neither AVIF nor WebP (JPEG, or PNG to keep transparency). */
  preferred: 'avif' | 'webp' | null;
}

export interface Encoded {
  data: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
}

const DAMAGED = 'src is not a readable image';
export const TOO_NARROW = `src is too long and narrow: one side is more than ${MAX_ASPECT_RATIO} times the other`;
export const tooSlow = (seconds: number) => `src takes too long to process (over ${seconds} seconds)`;

/** sharp names AVIF's container heif. */
export const SHARP_FORMATS: Record<RasterFormat, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif' };

/**
 * One variant of a raster image: turned upright from its EXIF orientation, scaled down to the width (never
 * up, and never past MAX_OUTPUT_PIXELS), cover-cropped to 3:2 for a review, encoded, and stripped of its
 * metadata (sharp keeps none unless asked). A source past MAX_ASPECT_RATIO is refused, and libvips stops
 * the work after `timeoutSeconds`. The declared size is checked before any pixel is decoded; broken or truncated data is refused
 * (sharp's failOn 'warning' level, the one its documentation gives for untrusted input).
 */
export async function transformImage(input: Buffer, sniffed: RasterFormat, variant: Variant, timeoutSeconds: number): Promise<Encoded> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' as const, autoOrient: true };
  let metadata: sharp.Metadata;
  try {
    // Only the header is read here, so the pixel limit is applied below, with its own message.
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new UnprocessableEntityException(errorBody(422, DAMAGED));
  }
  if (metadata.format !== SHARP_FORMATS[sniffed]) throw new UnprocessableEntityException(errorBody(422, DAMAGED));
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new UnprocessableEntityException(errorBody(422, `src is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`));
  }
  const { width, height } = metadata.autoOrient;
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) throw new UnprocessableEntityException(errorBody(422, TOO_NARROW));
  const box = variant.review
    ? { width: variant.width, height: Math.round(variant.width * REVIEW_ASPECT) }
    : { width: variant.width, height: Math.floor(MAX_OUTPUT_PIXELS / variant.width) };
  const scale = variant.review ? 1 : Math.min(1, box.width / width, box.height / height);
  const outputPixels = variant.review ? Math.min(width * height, box.width * box.height) : width * height * scale * scale;
  // libvips' time limit stops its own pipeline, not libheif's AVIF encoder after it: a larger answer is
  // JPEG (or PNG), whose encoding the limit covers, rather than an AVIF that could take any time.
  const preferred = variant.preferred === 'avif' && outputPixels > MAX_AVIF_PIXELS ? null : variant.preferred;
  const format: OutputFormat = preferred ?? (metadata.hasAlpha ? 'png' : 'jpeg');
  const pipeline = sharp(input, options)
    .timeout({ seconds: timeoutSeconds })
    .resize({ ...box, fit: variant.review ? 'cover' : 'inside', withoutEnlargement: true });
  const quality = variant.quality;
  // Effort 2 of 9: the default 4 takes several times longer on a 1600-wide image for about a fifth less.
  if (format === 'avif') pipeline.avif({ quality: avifQuality(quality), effort: 2 });
  else if (format === 'webp') pipeline.webp({ quality });
  else if (format === 'jpeg') pipeline.jpeg({ quality, mozjpeg: true });
  else pipeline.png({ compressionLevel: 8 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, format, width: info.width, height: info.height };
  } catch (error) {
    // libvips names its own stop "timeout: 66% complete".
    if (/^timeout/.test((error as Error).message)) throw new UnprocessableEntityException(errorBody(422, tooSlow(timeoutSeconds)));
    throw new UnprocessableEntityException(errorBody(422, DAMAGED));
  }
}
