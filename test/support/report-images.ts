import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Test images made at test time with sharp (no binary fixtures). */

/** A small JPEG of noise, `width` x `height` as stored (progressive: in several scans). */
export function noiseJpeg(width = 120, height = 80, progressive = false): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 80, progressive })
    .toBuffer();
}

/** A JPEG a phone might send: stored sideways with EXIF orientation 6 (shown 80 x 120), a camera make, and a GPS position. */
export function phoneJpeg(): Promise<Buffer> {
  return (
    sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .jpeg({ quality: 80 })
      .withMetadata({ orientation: 6 })
      // libvips calls the GPS directory IFD3.
      .withExifMerge({
        IFD0: { Make: 'TestCam', Model: 'Diver 1' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '19/1 18/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '147/1 37/1 0/1' },
      })
      .toBuffer()
  );
}

/** Whether an EXIF block holds a GPS directory (its pointer, tag 0x8825, in either byte order). */
export const hasGpsPointer = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

export function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 200, g: 50, b: 50, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/**
 * A decompression bomb: a real PNG whose header declares `width` x `height` (60,000 x 60,000: 3.6
 * gigapixels) while the file stays tiny. Its IHDR's size and CRC are rewritten.
 */
export async function bombPng(width = 60_000, height = 60_000): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // Signature (8), IHDR length (4), 'IHDR' (4), width (4), height (4) ...
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * A progressive JPEG whose every byte is framed as it should be (its segments, scans and end marker all
 * there, its header readable) but whose second scan asks for impossible coefficients (Ss 70, Se 80): only a
 * decoder finds it damaged, past the first scan.
 */
export async function damagedScanJpeg(width = 400, height = 300): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 80, progressive: true })
      .toBuffer(),
  );
  const sos = Buffer.from([0xff, 0xda]);
  const second = jpeg.indexOf(sos, jpeg.indexOf(sos) + 2);
  // FF DA, its length (2), the components (1 + 2 each), then Ss and Se.
  const spectral = second + 5 + jpeg[second + 4] * 2;
  jpeg[spectral] = 70;
  jpeg[spectral + 1] = 80;
  return jpeg;
}
