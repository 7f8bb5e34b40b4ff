#!/usr/bin/env node
// Writes `<file>.gz` and `<file>.br` beside each built script, style sheet and source map, for nginx's
// gzip_static (and brotli_static, with Debian's libnginx-mod-http-brotli-static): nginx then sends the
// bytes compressed once, at the highest level, instead of compressing each answer.
//   node deploy/precompress-assets.mjs [folder]   (default: dist/public/assets, after `npm run build`)
// Files that compression would not make smaller are left alone; running it again rewrites the outputs.
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const folder = process.argv[2] ?? join(new URL('..', import.meta.url).pathname, 'dist', 'public', 'assets');
const COMPRESSIBLE = /\.(js|mjs|css|map|json|svg|txt|html)$/;

let files = 0;
let written = 0;
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(entry.name)) compress(path);
  }
}

function compress(path) {
  files++;
  const bytes = readFileSync(path);
  const { mtime } = statSync(path);
  const outputs = [
    ['.gz', gzipSync(bytes, { level: 9 })],
    ['.br', brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })],
  ];
  for (const [suffix, compressed] of outputs) {
    if (compressed.length >= bytes.length) continue;
    writeFileSync(path + suffix, compressed);
    // The same modification time as the original, so nginx's Last-Modified and ETag match either way.
    utimesSync(path + suffix, mtime, mtime);
    written++;
  }
}

walk(folder);
console.info(`Precompressed ${files} files in ${folder}: ${written} .gz and .br files written`);
