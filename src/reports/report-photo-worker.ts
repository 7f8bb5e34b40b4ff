// The photo worker: a child process (forked by PhotoWorker, src/reports/photo-worker.ts) that decodes and
// re-encodes report photos with sharp, at the lowest CPU priority (nice 19), so that the server's pages
// always win the CPU and photos take what is left (issue 45, bench/reports-under-load.mjs). It imports
// nothing of the application (it runs as is, also from the TypeScript source under the tests) and keeps
// nothing: each message is a photo's bytes and what to do with them, each answer the outcome.
import { setPriority } from 'node:os';
import type { Sharp } from 'sharp';

/** What the server asks: check a photo's bytes as received, or make the copy that is kept. */
export type PhotoWorkerRequest =
  | { id: number; op: 'check'; bytes: Uint8Array; format: string; maxPixels: number }
  | { id: number; op: 'process'; bytes: Uint8Array; maxPixels: number; side: number };

/** A check's outcome: the upright size, or why the photo is refused. */
export type PhotoCheck = { ok: true; width: number; height: number } | { ok: false; refused: 'damaged' | 'pixels' };

/** A processed photo, or the decoder's message when it could not be made. */
export type PhotoOutcome = { ok: true; data: Uint8Array; mimeType: 'image/jpeg' | 'image/png'; width: number; height: number } | { ok: false; error: string };

export type PhotoWorkerReply = { id: number; result: PhotoCheck | PhotoOutcome };

// First of all, before sharp starts any thread (threads inherit their creator's priority on Linux).
setPriority(19);

type SharpFactory = typeof import('sharp');

/**
 * A photo's header (at most `maxPixels`, read before a pixel is decoded: a decompression bomb is refused
 * unread) and then every pixel, at 64 px (sharp's 'error' level: a file cut short is refused).
 */
async function check(sharp: SharpFactory, bytes: Buffer, format: string, maxPixels: number): Promise<PhotoCheck> {
  let metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, refused: 'damaged' };
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) return { ok: false, refused: 'damaged' };
  if (metadata.width * metadata.height > maxPixels) return { ok: false, refused: 'pixels' };
  try {
    // Every pixel is read to find a file cut short; JPEG shrinks on load, and the small output keeps memory low.
    await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch {
    return { ok: false, refused: 'damaged' };
  }
  return { ok: true, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/**
 * A photo as it is kept: decoded, turned upright from its EXIF orientation, scaled down to at most `side`,
 * converted to sRGB and written again as JPEG (PNG when it has transparency). sharp writes no metadata
 * unless asked, so EXIF (the GPS position above all), XMP, IPTC, ICC and comments are all gone.
 */
async function processPhoto(sharp: SharpFactory, bytes: Buffer, maxPixels: number, side: number): Promise<PhotoOutcome> {
  try {
    const image: Sharp = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const { hasAlpha } = await sharp(bytes, { limitInputPixels: false }).metadata();
    const mimeType = hasAlpha ? 'image/png' : 'image/jpeg';
    if (hasAlpha) image.png({ compressionLevel: 8 });
    // libjpeg-turbo rather than mozjpeg: several times faster at this size, for a file a little larger (/img re-encodes it anyway).
    else image.jpeg({ quality: 85 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { ok: true, data, mimeType, width: info.width, height: info.height };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

// sharp is loaded after the priority is set; a message that comes first waits for it.
const loaded: Promise<SharpFactory> = import('sharp').then(({ default: sharp }) => {
  // Every photo is new: libvips's operation cache would only hold memory.
  sharp.cache(false);
  return sharp;
});

process.on('message', (message: PhotoWorkerRequest) => {
  const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
  void loaded
    .then((sharp): Promise<PhotoCheck | PhotoOutcome> =>
      message.op === 'check' ? check(sharp, bytes, message.format, message.maxPixels) : processPhoto(sharp, bytes, message.maxPixels, message.side),
    )
    .then((result) => process.send?.({ id: message.id, result } satisfies PhotoWorkerReply));
});
// The server is gone (stopped, or killed): so is its worker.
process.on('disconnect', () => process.exit(0));
