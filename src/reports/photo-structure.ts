import { readSync } from 'node:fs';

/**
 * Whether a photo's bytes hold its format's whole structure, read without decoding a pixel (issue 45: the
 * request path refuses a file cut short at the cost of a walk over its markers, chunks or boxes, not of a
 * decode; the photo worker decodes every pixel later, and a photo that fails there is rejected and never
 * shown). Each walk follows its format's own framing:
 * - JPEG: the segments from SOI to the first scan (SOS), each length within the file, then the EOI marker
 *   (FF D9) after it: scan data stuffs every FF with 00, so an FF D9 there is the image's end, not a
 *   thumbnail's (that one is inside an APP segment, before the scan).
 * - PNG: the chunks from the signature, each length within the file, up to IEND.
 * - WebP: the RIFF container's size (plus its 8-byte header) within the file, and its chunks walked to it.
 * - AVIF (ISOBMFF): the top-level boxes' sizes add up to the file's length (a box may not run past it).
 * Bytes after the end (some cameras pad) are allowed.
 * The walks read through `Bytes`: a photo in memory, or one in a file (`FileBytes`: an upload as it was
 * streamed to disk, read in blocks, so that the server never holds the whole of it).
 */
export type StructuredMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif';

/** What a walk reads: the length, a byte (-1 past either end), and the last place of a byte pair from `from` on. */
export interface Bytes {
  readonly length: number;
  byte(at: number): number;
  lastIndexOfPair(first: number, second: number, from: number): number;
}

/** A photo in memory. */
export class MemoryBytes implements Bytes {
  constructor(private readonly bytes: Uint8Array) {}

  get length(): number {
    return this.bytes.length;
  }

  byte(at: number): number {
    return at >= 0 && at < this.bytes.length ? this.bytes[at] : -1;
  }

  lastIndexOfPair(first: number, second: number, from: number): number {
    const view = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length);
    const found = view.lastIndexOf(Buffer.from([first, second]));
    return found >= from ? found : -1;
  }
}

/** Bytes read from a file at a time (a walk touches a few places; a search from the end reads back block by block). */
const BLOCK = 64 * 1024;

/**
 * A photo in a file, read through one reused block with synchronous reads: a walk reads a few blocks of a
 * file the upload has just written (so the operating system's cache serves them), and no read waits on
 * anything else. The caller opens and closes the file.
 */
export class FileBytes implements Bytes {
  private readonly block: Buffer;
  private start = 0;
  private end = 0;

  constructor(
    private readonly fd: number,
    readonly length: number,
    blockSize = BLOCK,
  ) {
    this.block = Buffer.allocUnsafe(blockSize);
  }

  byte(at: number): number {
    if (at < 0 || at >= this.length) return -1;
    if (at < this.start || at >= this.end) this.load(at - (at % this.block.length));
    return this.block[at - this.start];
  }

  lastIndexOfPair(first: number, second: number, from: number): number {
    const pair = Buffer.from([first, second]);
    let end = this.length;
    while (end - from >= 2) {
      const start = Math.max(from, end - this.block.length);
      this.load(start, end - start);
      const found = this.block.subarray(0, this.end - this.start).lastIndexOf(pair);
      if (found >= 0) return start + found;
      // The next block overlaps this one by a byte: a pair across the boundary is found there.
      end = start + 1;
    }
    return -1;
  }

  private load(start: number, size = this.block.length): void {
    const read = readSync(this.fd, this.block, 0, Math.min(size, this.block.length), start);
    this.start = start;
    this.end = start + read;
  }
}

/** Whether a photo's bytes (in memory, or read through `Bytes`) hold its format's whole structure. */
export function isComplete(photo: Uint8Array | Bytes, mime: StructuredMime): boolean {
  const bytes = photo instanceof Uint8Array ? new MemoryBytes(photo) : photo;
  switch (mime) {
    case 'image/jpeg':
      return jpegComplete(bytes);
    case 'image/png':
      return pngComplete(bytes);
    case 'image/webp':
      return webpComplete(bytes);
    case 'image/avif':
      return isobmffComplete(bytes);
  }
}

// Each read is within the length (checked before it).
const u16 = (bytes: Bytes, at: number) => (bytes.byte(at) << 8) | bytes.byte(at + 1);
const u32 = (bytes: Bytes, at: number) => ((bytes.byte(at) << 24) >>> 0) + ((bytes.byte(at + 1) << 16) | (bytes.byte(at + 2) << 8) | bytes.byte(at + 3));
const u32le = (bytes: Bytes, at: number) => ((bytes.byte(at + 3) << 24) >>> 0) + ((bytes.byte(at + 2) << 16) | (bytes.byte(at + 1) << 8) | bytes.byte(at));

function jpegComplete(bytes: Bytes): boolean {
  const length = bytes.length;
  if (length < 4 || bytes.byte(0) !== 0xff || bytes.byte(1) !== 0xd8) return false;
  let at = 2;
  // The segments before the first scan, each length within the file (a thumbnail's EOI is inside one).
  for (;;) {
    if (bytes.byte(at) !== 0xff) return false;
    while (at < length && bytes.byte(at) === 0xff) at++;
    if (at >= length) return false;
    const code = bytes.byte(at++);
    // Standalone markers carry no length (TEM, RSTn); an EOI before any scan is no image.
    if (code === 0xd9) return false;
    if (code === 0x01 || (code >= 0xd0 && code <= 0xd7)) continue;
    if (at + 2 > length) return false;
    const size = u16(bytes, at);
    if (size < 2 || at + size > length) return false;
    at += size;
    if (code === 0xda) break;
  }
  // From the first scan on, FF D9 is only ever the EOI marker (entropy-coded data stuffs every FF with 00):
  // the last one found (native search from the end; some cameras pad after it) closes the image.
  return bytes.lastIndexOfPair(0xff, 0xd9, at) >= at;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngComplete(bytes: Bytes): boolean {
  if (bytes.length < 8 || PNG_SIGNATURE.some((byte, index) => bytes.byte(index) !== byte)) return false;
  let at = 8;
  // Each chunk: length (4), type (4), data (length), CRC (4).
  while (at + 12 <= bytes.length) {
    const size = u32(bytes, at);
    const end = at + 12 + size;
    if (end > bytes.length) return false;
    if (bytes.byte(at + 4) === 0x49 && bytes.byte(at + 5) === 0x45 && bytes.byte(at + 6) === 0x4e && bytes.byte(at + 7) === 0x44) return true;
    at = end;
  }
  return false;
}

function webpComplete(bytes: Bytes): boolean {
  if (bytes.length < 20) return false;
  const end = 8 + u32le(bytes, 4);
  if (end > bytes.length) return false;
  // The chunks (fourcc, size, data padded to even) fill the container exactly.
  let at = 12;
  while (at + 8 <= end) {
    const size = u32le(bytes, at + 4);
    at += 8 + size + (size & 1);
  }
  return at === end || at === end + 1;
}

function isobmffComplete(bytes: Bytes): boolean {
  let at = 0;
  let boxes = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return false;
    let size = u32(bytes, at);
    if (size === 1) {
      if (at + 16 > bytes.length) return false;
      size = u32(bytes, at + 8) * 2 ** 32 + u32(bytes, at + 12);
    } else if (size === 0) {
      // The last box runs to the end of the file.
      return boxes > 0;
    }
    if (size < 8 || at + size > bytes.length) return false;
    at += size;
    boxes++;
  }
  return boxes > 0;
}
