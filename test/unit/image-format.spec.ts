import sharp from 'sharp';
import { sniffImageFormat } from 'src/images/image-format';
import { preferredFormat } from 'src/images/image-negotiation';

describe('sniffImageFormat', () => {
  const image = (format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif') =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a6' } })
      .toFormat(format)
      .toBuffer();

  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)('reads %s from its bytes', async (format) => {
    expect(sniffImageFormat(await image(format))).toBe(format);
  });

  it('reads SVG after a BOM, an XML declaration, comments and a doctype', () => {
    const text =
      '\uFEFF<?xml version="1.0"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    expect(sniffImageFormat(Buffer.from(text))).toBe('svg');
  });

  it.each([
    ['HTML', '<!doctype html><html><body>not an image</body></html>'],
    ['text', 'just some words'],
    ['JSON', '{"svg": true}'],
    ['an unclosed comment', '<!-- <svg>'],
    ['empty', ''],
  ])('finds no image in %s', (_name, text) => {
    expect(sniffImageFormat(Buffer.from(text))).toBeNull();
  });

  it('goes by the bytes, not by what the file claims', async () => {
    const png = await image('png');
    expect(sniffImageFormat(png.subarray(0, 4))).toBeNull();
    expect(sniffImageFormat(Buffer.concat([Buffer.from('GIF'), png]))).toBeNull();
  });
});

describe('preferredFormat', () => {
  it.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif'],
    ['image/webp,*/*', 'webp'],
    ['image/avif;q=0.5, image/webp', 'webp'],
    ['image/avif;q=0, image/webp;q=0', null],
    ['*/*', null],
    ['image/*', null],
    ['image/png,image/jpeg', null],
    ['', null],
    [undefined, null],
  ])('for Accept %p is %p', (accept, expected) => {
    expect(preferredFormat(accept)).toBe(expected);
  });
});
