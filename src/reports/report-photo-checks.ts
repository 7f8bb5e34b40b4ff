import { PayloadTooLargeException, UnprocessableEntityException, UnsupportedMediaTypeException, type HttpException } from '@nestjs/common';
import { closeSync, openSync } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { REPORT_PHOTO_MAX_BYTES, REPORT_PHOTO_MAX_PIXELS, REPORT_PHOTO_TEXT } from 'core/reports';
import { errorBody } from 'src/common/error-body';
import { keptFileName } from 'src/images/media-upload';
import { FileBytes, isComplete } from './photo-structure';

// A header read from a file would otherwise stay open in libvips's cache after the upload's file is deleted
// (up to 20 such files, their disk space with them). Only files: the cache of operations on bytes is left.
sharp.cache({ files: 0 });

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

/** A photo as multer hands it over: streamed to a file (src/reports/photo-spool.ts), never held whole in memory. */
export interface PhotoFile {
  path: string;
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
 * declares at most 40 megapixels (sharp reads only the header: a decompression bomb is refused unread), and
 * whose format's structure is whole up to its end (a file cut short is refused, src/reports/photo-structure.ts).
 * No pixel is decoded here: that costs a core about 50 ms for a 5 MB JPEG, and the photo worker decodes
 * every pixel anyway (at the lowest priority, off the request path); a photo whose data turns out damaged
 * there is rejected and never shown. Nothing is stored here. Everything is read from the file the upload
 * was streamed to, a header or a block at a time.
 */
export async function checkPhoto(file: PhotoFile, index: number): Promise<CheckedPhoto> {
  const name = shownName(file, index);
  if (file.size > REPORT_PHOTO_MAX_BYTES) throw refusal(413, REPORT_PHOTO_TEXT.tooLarge);
  const found = await fileTypeFromFile(file.path).catch(() => undefined);
  const mime = found?.mime as string | undefined;
  if (!mime || !(mime in FORMATS)) throw refusal(415, REPORT_PHOTO_TEXT.format(name));
  const extension = /\.([a-z0-9]+)$/i.exec(file.originalname.trim())?.[1].toLowerCase();
  const claimed = extension ? EXTENSIONS[extension] : undefined;
  if (claimed && claimed !== mime) throw refusal(415, REPORT_PHOTO_TEXT.mismatch(name, FORMATS[mime as PhotoMime]));
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch {
    throw refusal(422, REPORT_PHOTO_TEXT.damaged(name));
  }
  if (metadata.format !== SHARP_FORMAT[mime as PhotoMime] || !metadata.width || !metadata.height) throw refusal(422, REPORT_PHOTO_TEXT.damaged(name));
  if (metadata.width * metadata.height > REPORT_PHOTO_MAX_PIXELS) throw refusal(422, REPORT_PHOTO_TEXT.pixels(name));
  if (!wholeFile(file, mime as PhotoMime)) throw refusal(422, REPORT_PHOTO_TEXT.damaged(name));
  return { mime: mime as PhotoMime, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/** Whether the photo's file holds its format's whole structure (src/reports/photo-structure.ts). */
function wholeFile(file: PhotoFile, mime: PhotoMime): boolean {
  const fd = openSync(file.path, 'r');
  try {
    return isComplete(new FileBytes(fd, file.size), mime);
  } finally {
    closeSync(fd);
  }
}

/** The longest side a stored photo keeps (the photo worker makes it, src/reports/report-photo-worker.ts): past SPEC's widest variant (1600) with room for a crop. */
export const STORED_PHOTO_SIDE = 2400;
