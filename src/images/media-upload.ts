import { BadRequestException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import sharp from 'sharp';
import { errorBody } from 'src/common/error-body';
import { sniffImageFormat } from './image-format';
import { MAX_INPUT_PIXELS, SHARP_FORMATS, type RasterFormat } from './image-transform';

/** The formats an upload may be, with the type it is served as and its URL's extension. */
export const UPLOAD_FORMATS: Record<RasterFormat, { mimeType: string; extension: string }> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  avif: { mimeType: 'image/avif', extension: 'avif' },
  gif: { mimeType: 'image/gif', extension: 'gif' },
};

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  missing: "file is required: a JPEG, PNG, WebP, AVIF or GIF image in the multipart field 'file'",
  format: 'file must be a JPEG, PNG, WebP, AVIF or GIF image',
  damaged: 'file is not a readable image (damaged or incomplete)',
  tooLarge: 'file is larger than 15 MB',
  pixels: `file is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
};

export interface CheckedUpload {
  format: RasterFormat;
  width: number;
  height: number;
}

/**
 * What an uploaded file really is, from its bytes: the name and the part's Content-Type are ignored. Its
 * declared size is checked before any pixel is decoded (a bomb is refused unread), then the whole image is
 * decoded with sharp's strict level, so a truncated or corrupt file is refused rather than stored. Width
 * and height are as shown, after the EXIF orientation.
 */
export async function checkUpload(bytes: Buffer | undefined): Promise<CheckedUpload> {
  if (!bytes || bytes.length === 0) throw new BadRequestException(errorBody(400, UPLOAD_MESSAGES.missing));
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed || sniffed === 'svg') throw new UnsupportedMediaTypeException(errorBody(415, UPLOAD_MESSAGES.format));
  const damaged = () => new UnprocessableEntityException(errorBody(422, UPLOAD_MESSAGES.damaged));
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  if (metadata.format !== SHARP_FORMATS[sniffed]) throw damaged();
  if (!metadata.width || !metadata.height) throw damaged();
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new UnprocessableEntityException(errorBody(422, UPLOAD_MESSAGES.pixels));
  try {
    // Decoding every pixel is the only way to find a file cut short; the small output keeps memory low.
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).resize(16, 16, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw damaged();
  }
  return { format: sniffed, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/**
 * The original as it is kept and served: turned upright from its EXIF orientation, then written again
 * by sharp, which keeps no metadata unless asked, so the camera's EXIF (its GPS position among it), XMP,
 * IPTC and comments are gone, and any bytes trailing the image with them. Colours with an embedded
 * profile are converted to sRGB, which is what a browser assumes without one. Each format is written as
 * itself: PNG losslessly (a palette stays a palette), GIF on its own palette, JPEG, WebP and AVIF at a high quality;
 * every frame of an animation is kept (an animation has no orientation to apply).
 */
export async function strippedOriginal(bytes: Buffer, format: RasterFormat): Promise<Buffer> {
  const metadata = await sharp(bytes).metadata();
  const animated = (metadata.pages ?? 1) > 1;
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', animated });
  if (!animated) image.autoOrient();
  if (format === 'jpeg') image.jpeg({ quality: 92 });
  else if (format === 'png') image.png({ palette: metadata.isPalette });
  else if (format === 'webp') image.webp({ quality: 92 });
  else if (format === 'avif') image.avif({ quality: 75, effort: 2 });
  else image.gif();
  try {
    return await image.toBuffer();
  } catch {
    throw new UnprocessableEntityException(errorBody(422, UPLOAD_MESSAGES.damaged));
  }
}

/**
 * A kept file name: no control characters and no bidirectional controls (U+202E would show
 * "photo\u202Egpj.exe" as "photoexe.jpg"), at most 255 characters, nothing when it is empty.
 */
export function keptFileName(name: string | undefined): string | null {
  const cleaned = (name ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a kept file name must not hold
    .replace(/[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim()
    .slice(0, 255);
  return cleaned || null;
}
