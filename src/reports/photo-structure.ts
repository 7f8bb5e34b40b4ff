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
 */
export type StructuredMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif';

export function isComplete(bytes: Uint8Array, mime: StructuredMime): boolean {
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

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] << 8) | bytes[at + 1];
const u32 = (bytes: Uint8Array, at: number) => ((bytes[at] << 24) >>> 0) + ((bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]);
const u32le = (bytes: Uint8Array, at: number) => ((bytes[at + 3] << 24) >>> 0) + ((bytes[at + 2] << 16) | (bytes[at + 1] << 8) | bytes[at]);

function jpegComplete(bytes: Uint8Array): boolean {
  const length = bytes.length;
  if (length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let at = 2;
  // The segments before the first scan, each length within the file (a thumbnail's EOI is inside one).
  for (;;) {
    if (bytes[at] !== 0xff) return false;
    while (at < length && bytes[at] === 0xff) at++;
    if (at >= length) return false;
    const code = bytes[at++];
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
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, length);
  return view.lastIndexOf(EOI) >= at;
}

const EOI = Buffer.from([0xff, 0xd9]);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngComplete(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return false;
  let at = 8;
  // Each chunk: length (4), type (4), data (length), CRC (4).
  while (at + 12 <= bytes.length) {
    const size = u32(bytes, at);
    const end = at + 12 + size;
    if (end > bytes.length) return false;
    if (bytes[at + 4] === 0x49 && bytes[at + 5] === 0x45 && bytes[at + 6] === 0x4e && bytes[at + 7] === 0x44) return true;
    at = end;
  }
  return false;
}

function webpComplete(bytes: Uint8Array): boolean {
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

function isobmffComplete(bytes: Uint8Array): boolean {
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
