import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { FileBytes, isComplete, type StructuredMime } from 'src/reports/photo-structure';

/** Issue 45: a photo cut short is refused on the request from its format's framing alone (no pixel decoded). */
const noise = () => sharp({ create: { width: 160, height: 120, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

const formats: [string, StructuredMime, () => Promise<Buffer>][] = [
  ['a baseline JPEG', 'image/jpeg', () => noise().jpeg().toBuffer()],
  ['a progressive JPEG', 'image/jpeg', () => noise().jpeg({ progressive: true }).toBuffer()],
  ['a PNG', 'image/png', () => noise().png().toBuffer()],
  ['a WebP', 'image/webp', () => noise().webp().toBuffer()],
  ['an AVIF', 'image/avif', () => noise().avif().toBuffer()],
];

describe('isComplete', () => {
  it.each(formats)('takes %s whole, and refuses it cut anywhere, down to its last byte', async (_name, mime, make) => {
    const whole = await make();
    expect(isComplete(whole, mime)).toBe(true);
    for (const kept of [0.1, 0.5, 0.9]) expect(isComplete(whole.subarray(0, Math.floor(whole.length * kept)), mime)).toBe(false);
    expect(isComplete(whole.subarray(0, whole.length - 1), mime)).toBe(false);
  });

  it('takes a JPEG with bytes after its end marker (as some cameras write)', async () => {
    const jpeg = await noise().jpeg().toBuffer();
    expect(isComplete(Buffer.concat([jpeg, Buffer.alloc(64)]), 'image/jpeg')).toBe(true);
  });

  it("refuses a JPEG cut within its scan even when an end marker comes earlier, in a segment (a thumbnail's)", async () => {
    const jpeg = await noise().jpeg().toBuffer();
    // An APP1 segment holding a thumbnail's end (FF D9), put right after SOI.
    const app1 = Buffer.from([0xff, 0xe1, 0x00, 0x08, 0x45, 0x78, 0xff, 0xd9, 0x00, 0x00]);
    const withThumbnail = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    expect(isComplete(withThumbnail, 'image/jpeg')).toBe(true);
    expect(isComplete(withThumbnail.subarray(0, withThumbnail.length - 100), 'image/jpeg')).toBe(false);
  });

  it('refuses bytes of another format, and a JPEG whose segment runs past the end', async () => {
    const png = await noise().png().toBuffer();
    for (const mime of ['image/jpeg', 'image/webp', 'image/avif'] as const) expect(isComplete(png, mime)).toBe(false);
    expect(isComplete(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x40, 0x00, 0x00]), 'image/jpeg')).toBe(false);
  });
});

describe('isComplete on a file (an upload as it was streamed to disk)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'photo-structure-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The answer for these bytes read from a file in blocks of `block` bytes. */
  function fromFile(bytes: Buffer, mime: StructuredMime, block: number): boolean {
    const path = join(dir, 'photo');
    writeFileSync(path, bytes);
    const fd = openSync(path, 'r');
    try {
      return isComplete(new FileBytes(fd, bytes.length, block), mime);
    } finally {
      closeSync(fd);
    }
  }

  // Blocks of 7 and 64 bytes put every field and the end marker across a block's edge somewhere; 64 KiB is the server's.
  it.each(formats)('answers as in memory for %s, whole and cut, whatever the block size', async (_name, mime, make) => {
    const whole = await make();
    const cuts = [whole, whole.subarray(0, whole.length - 1), whole.subarray(0, Math.floor(whole.length * 0.5)), Buffer.concat([whole, Buffer.alloc(64)])];
    for (const block of [7, 64, 64 * 1024]) {
      for (const bytes of cuts) expect(fromFile(bytes, mime, block)).toBe(isComplete(bytes, mime));
    }
    expect(fromFile(whole, mime, 7)).toBe(true);
  });

  it('finds an end marker whose two bytes fall in two blocks read from the end', async () => {
    const jpeg = await noise().jpeg().toBuffer();
    // With 15 bytes after the marker and blocks of 16, the last block read starts at its D9 and the one before holds its FF.
    expect(fromFile(Buffer.concat([jpeg, Buffer.alloc(15)]), 'image/jpeg', 16)).toBe(true);
    expect(fromFile(Buffer.concat([jpeg.subarray(0, jpeg.length - 1), Buffer.alloc(15)]), 'image/jpeg', 16)).toBe(false);
  });
});
