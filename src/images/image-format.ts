/** The source formats the image endpoint reads (SVG is passed through, never rasterised). */
export type SourceFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** An ISO-BMFF file (ftyp box) whose major or a compatible brand is AVIF. */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/** Text that opens (after a BOM, whitespace, an XML declaration, comments or a doctype) with an <svg> element. */
function isSvg(bytes: Buffer): boolean {
  let head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const prolog: [string, string][] = [
    ['<?xml', '?>'],
    ['<!--', '-->'],
    ['<!doctype', '>'],
  ];
  for (;;) {
    head = head.trimStart();
    const part = prolog.find(([open]) => head.slice(0, open.length).toLowerCase() === open);
    if (!part) break;
    const end = head.indexOf(part[1], part[0].length);
    if (end < 0) return false;
    head = head.slice(end + part[1].length);
  }
  return /^<svg[\s>]/i.test(head);
}

/** The format the bytes themselves say (magic numbers), whatever a file name or Content-Type claims. */
export function sniffImageFormat(bytes: Buffer): SourceFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  if (isSvg(bytes)) return 'svg';
  return null;
}
