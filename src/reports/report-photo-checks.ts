import { PayloadTooLargeException, UnprocessableEntityException, UnsupportedMediaTypeException, type HttpException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { REPORT_PHOTO_MAX_BYTES, REPORT_PHOTO_MAX_PIXELS, REPORT_PHOTO_TEXT } from 'core/reports';
import { errorBody } from 'src/common/error-body';
import { keptFileName } from 'src/images/media-upload';
import type { PhotoWorker } from './photo-worker';

/** The formats a report's photo may be, by the MIME type file-type finds in its bytes. */
const FORMATS = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/avif': 'AVIF' } as const;
export type PhotoMime = keyof typeof FORMATS;
/** What sharp calls each (AVIF is read by libheif). */
const SHARP_FORMAT: Record<PhotoMime, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif' };
/** The image kinds a file name's extension claims: a claim the bytes contradict is refused. */
const EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
};

/** A photo as multer hands it over (memory storage). */
export interface PhotoFile {
  buffer: Buffer;
  originalname: string;
  size: number;
}

export interface CheckedPhoto {
  mime: PhotoMime;
  width: number;
  height: number;
}

const refusal = (status: 413 | 415 | 422, message: string): HttpException => {
  const body = errorBody(status, message, { photos: [message] });
  if (status === 413) return new PayloadTooLargeException(body);
  return status === 415 ? new UnsupportedMediaTypeException(body) : new UnprocessableEntityException(body);
};

/** The name a message calls a file by (its own, shortened; 'Photo 2' when it has none). */
function shownName(file: PhotoFile, index: number): string {
  const name = keptFileName(file.originalname);
  if (!name) return `Photo ${index + 1}`;
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}

/**
 * What a photo really is, from its bytes (file-type's signatures; the name and the part's type are only
 * compared with it): a JPEG, PNG, WebP or AVIF whose name does not claim another kind, whose header
 * declares at most 40 megapixels (read before a pixel is decoded: a decompression bomb is refused unread),
 * and that decodes whole (sharp's 'error' level: a file cut short is refused), the last two in the photo
 * worker; a photo that kills the worker twice is refused as damaged. Nothing is stored here.
 */
export async function checkPhoto(worker: PhotoWorker, file: PhotoFile, index: number): Promise<CheckedPhoto> {
  const name = shownName(file, index);
  if (file.size > REPORT_PHOTO_MAX_BYTES) throw refusal(413, REPORT_PHOTO_TEXT.tooLarge);
  const found = await fileTypeFromBuffer(file.buffer).catch(() => undefined);
  const mime = found?.mime as string | undefined;
  if (!mime || !(mime in FORMATS)) throw refusal(415, REPORT_PHOTO_TEXT.format(name));
  const extension = /\.([a-z0-9]+)$/i.exec(file.originalname.trim())?.[1].toLowerCase();
  const claimed = extension ? EXTENSIONS[extension] : undefined;
  if (claimed && claimed !== mime) throw refusal(415, REPORT_PHOTO_TEXT.mismatch(name, FORMATS[mime as PhotoMime]));
  // The decoding (the header, then every pixel) is the photo worker's, at the lowest CPU priority.
  const checked = await worker.check(file.buffer, SHARP_FORMAT[mime as PhotoMime], REPORT_PHOTO_MAX_PIXELS).catch(() => null);
  if (!checked) throw refusal(422, REPORT_PHOTO_TEXT.damaged(name));
  if (!checked.ok) throw refusal(422, checked.refused === 'pixels' ? REPORT_PHOTO_TEXT.pixels(name) : REPORT_PHOTO_TEXT.damaged(name));
  return { mime: mime as PhotoMime, width: checked.width, height: checked.height };
}

/** The longest side a stored photo keeps: past SPEC's widest variant (1600) with room for a crop. */
export const STORED_PHOTO_SIDE = 2400;

export interface ProcessedPhoto {
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/**
 * A photo as it is kept (made by the photo worker): decoded, turned upright from its EXIF orientation,
 * scaled down to at most STORED_PHOTO_SIDE, converted to sRGB and written again as JPEG (PNG when it has
 * transparency). sharp writes no metadata unless asked, so EXIF (the GPS position above all), XMP, IPTC,
 * ICC and comments are all gone. A photo the decoder refuses throws with its message.
 */
export async function processPhoto(worker: PhotoWorker, bytes: Buffer): Promise<ProcessedPhoto> {
  const outcome = await worker.process(bytes, REPORT_PHOTO_MAX_PIXELS, STORED_PHOTO_SIDE);
  if (!outcome.ok) throw new Error(outcome.error);
  const { data, mimeType, width, height } = outcome;
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), mimeType, width, height };
}
