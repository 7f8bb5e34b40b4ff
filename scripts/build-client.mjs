#!/usr/bin/env node
// Builds the browser code into dist/public/assets: the hydration entry and its island chunks (esbuild,
// ESM, code splitting, hashed names), the Tailwind stylesheet, Leaflet's stylesheet, the app icons, and
// manifest.json which the server reads to write the right <script> and <link> tags; then the service
// worker (dist/public/sw.js), which precaches this build's public files under a build id.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import sharp from 'sharp';
import { offlineCoastTiles, offlineLand } from './offline-land.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist', 'public', 'assets');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const hashed = (name, ext, content) => `${name}-${createHash('sha256').update(content).digest('hex').slice(0, 10)}${ext}`;

const result = await esbuild.build({
  entryPoints: { hydrate: join(root, 'client', 'hydrate.ts') },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  sourcemap: false,
  outdir: out,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  metafile: true,
  jsx: 'automatic',
  tsconfig: join(root, 'tsconfig.json'),
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
});

// Code that runs almost whole as it loads: React's as the first island hydrates, TanStack Query's as the
// first island that reads through it renders, the dive-site explorer's (its filters, cards and counts all
// render as it hydrates on /dive-sites) and Leaflet's as the map is made. The chunks holding them start with
// V8's explicit compile hint (Chrome 136 and later), so that the whole file is compiled on a background
// thread as it streams in, instead of each function on the main thread when first called (most of a long
// task on a slow phone). Other browsers read a comment. The names keep esbuild's hash of the content before
// the line. (Measured with Lighthouse on /dive-sites: bench/README.md, 'Lighthouse figures'.)
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const CALLED_ON_LOAD = [
  'node_modules/react-dom/cjs/react-dom-client.production.js',
  'node_modules/@tanstack/',
  'client/islands/DiveSiteExplorer.tsx',
  'node_modules/leaflet/dist/leaflet-src.js',
];
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  // An input outside the tree (a worktree's node_modules linked to another clone's) is named by a relative
  // path with the prefix further in.
  if (!Object.keys(output.inputs).some((input) => CALLED_ON_LOAD.some((start) => input.startsWith(start) || input.includes(`/${start}`)))) continue;
  writeFileSync(join(root, file), COMPILE_HINT + readFileSync(join(root, file), 'utf8'));
}

const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint?.endsWith('client/hydrate.ts'));
const toUrl = (file) => '/assets/' + relative(out, join(root, file)).split('\\').join('/');

// The site's two typefaces, self-hosted from their npm packages (@fontsource-variable): Inter for the
// interface and Source Serif 4 for headlines and article text. Only the Latin subset of each variable
// (weight axis) file is copied, under a hashed name, and its @font-face is written at the end of the
// stylesheet with the package's own unicode-range and font-display: swap. `preload` marks the files
// every first view needs (the layout's head preloads them: scripts/build-client.mjs -> manifest.fonts).
const FACES = [
  { pkg: 'inter', family: 'Inter Variable', file: 'inter-latin-wght-normal', style: 'normal', preload: true },
  { pkg: 'source-serif-4', family: 'Source Serif 4 Variable', file: 'source-serif-4-latin-wght-normal', style: 'normal', preload: true },
  { pkg: 'source-serif-4', family: 'Source Serif 4 Variable', file: 'source-serif-4-latin-wght-italic', style: 'italic', preload: false },
];
mkdirSync(join(out, 'fonts'), { recursive: true });
const fontFaces = [];
const preloadFonts = [];
for (const face of FACES) {
  const dir = join(root, 'node_modules', '@fontsource-variable', face.pkg);
  const packageCss = readFileSync(join(dir, face.style === 'italic' ? 'wght-italic.css' : 'wght.css'), 'utf8');
  const block = packageCss.split('@font-face').find((rule) => rule.includes(`files/${face.file}.woff2`));
  const range = block && /unicode-range:\s*([^;]+);/.exec(block)?.[1];
  const weight = block && /font-weight:\s*([^;]+);/.exec(block)?.[1];
  if (!range || !weight) throw new Error(`No @font-face for ${face.file} in @fontsource-variable/${face.pkg}`);
  const woff2 = readFileSync(join(dir, 'files', `${face.file}.woff2`));
  const url = `/assets/fonts/${hashed(face.file, '.woff2', woff2)}`;
  writeFileSync(join(root, 'dist', 'public', url), woff2);
  fontFaces.push(
    `@font-face{font-family:'${face.family}';font-style:${face.style};font-display:swap;font-weight:${weight};src:url(${url}) format('woff2-variations'),url(${url}) format('woff2');unicode-range:${range}}`,
  );
  if (face.preload) preloadFonts.push(url);
}

const tailwindOut = join(out, 'app.tmp.css');
execFileSync(join(root, 'node_modules', '.bin', 'tailwindcss'), ['-i', join(root, 'client', 'styles.css'), '-o', tailwindOut, '--minify'], {
  cwd: root,
  stdio: 'ignore',
});
const css = Buffer.concat([readFileSync(tailwindOut), Buffer.from('\n' + fontFaces.join('\n') + '\n')]);
const cssName = hashed('app', '.css', css);
writeFileSync(join(out, cssName), css);
rmSync(tailwindOut);

// Leaflet's stylesheet and marker images, served by the site itself rather than a CDN.
const leafletDir = join(root, 'node_modules', 'leaflet', 'dist');
mkdirSync(join(out, 'leaflet'), { recursive: true });
for (const image of readdirSync(join(leafletDir, 'images'))) copyFileSync(join(leafletDir, 'images', image), join(out, 'leaflet', image));
const leafletCss = readFileSync(join(leafletDir, 'leaflet.css'), 'utf8').replaceAll('images/', '/assets/leaflet/');
const leafletName = hashed('leaflet', '.css', leafletCss);
writeFileSync(join(out, leafletName), leafletCss);

// The land outline the dive-site map draws when its tiles cannot load (scripts/offline-land.mjs).
const land = JSON.stringify(offlineLand());
const landName = hashed('land', '.json', land);
writeFileSync(join(out, landName), land);

// The coast at a site's zoom, one file per square of land (scripts/offline-land.mjs, offlineCoastTiles),
// in a folder named by the hash of them all; only what a view shows is fetched.
const coastTiles = Object.entries(offlineCoastTiles()).map(([key, tile]) => [key, JSON.stringify(tile)]);
const coastHash = createHash('sha256');
for (const [key, text] of coastTiles) coastHash.update(key).update(text);
const coastDir = `coast-${coastHash.digest('hex').slice(0, 10)}`;
mkdirSync(join(out, coastDir), { recursive: true });
for (const [key, text] of coastTiles) writeFileSync(join(out, coastDir, `${key}.json`), text);

// The web app manifest's icons, drawn from the site's dive-flag mark. The maskable one fills the whole
// square (no rounded corners): the launcher crops it to its own shape, and the flag reads in any crop.
const mark = readFileSync(join(root, 'public', 'media', 'favicon.svg'), 'utf8');
mkdirSync(join(out, 'icons'), { recursive: true });
const icon = async (name, svg, size) => {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();
  const file = hashed(name, '.png', png);
  writeFileSync(join(out, 'icons', file), png);
  return `/assets/icons/${file}`;
};
const icons = {
  192: await icon('icon-192', mark, 192),
  512: await icon('icon-512', mark, 512),
  maskable: await icon('icon-maskable-512', mark.replace(/ rx="\d+"/, ''), 512),
};

const manifest = {
  hydrate: entry ? toUrl(entry[0]) : null,
  css: `/assets/${cssName}`,
  styles: { leaflet: `/assets/${leafletName}` },
  data: { land: `/assets/${landName}`, coast: `/assets/${coastDir}/` },
  icons,
  fonts: preloadFonts,
};
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));

// What the service worker keeps at install: the stylesheets, the land outline, Leaflet's images and the
// scripts of the pages it keeps for offline use, the dive-site pages: the page script and the islands those
// pages render, with what they import (no other island, so installing stays small).
// Which islands those are is the registry's OFFLINE_ISLANDS record (client/islands/registry.ts), read here
// by compiling the registry alone (its loaders are never called).
const registrySource = await esbuild.build({
  entryPoints: [join(root, 'client', 'islands', 'registry.ts')],
  bundle: false,
  format: 'esm',
  write: false,
  logLevel: 'warning',
});
const registry = await import(`data:text/javascript;base64,${Buffer.from(registrySource.outputFiles[0].text).toString('base64')}`);
const OFFLINE_ISLANDS = new Set(Object.keys(registry.OFFLINE_ISLANDS).filter((name) => registry.OFFLINE_ISLANDS[name]));
const scripts = new Set();
const reach = (file) => {
  const island = /^client\/islands\/(\w+)\.tsx$/.exec(result.metafile.outputs[file]?.entryPoint ?? '')?.[1];
  if (scripts.has(file) || (island && !OFFLINE_ISLANDS.has(island))) return;
  scripts.add(file);
  for (const { path } of result.metafile.outputs[file]?.imports ?? []) reach(path);
};
if (entry) reach(entry[0]);
const precache = [
  ...[...scripts].map(toUrl),
  manifest.css,
  manifest.styles.leaflet,
  manifest.data.land,
  ...preloadFonts,
  ...readdirSync(join(out, 'leaflet')).map((image) => `/assets/leaflet/${image}`),
].sort();
// The build id names the worker's asset cache: it changes whenever any built file does (their names
// carry their content's hash), so a new build's files replace the old ones.
const buildId = createHash('sha256').update(JSON.stringify({ precache, icons })).digest('hex').slice(0, 12);
await esbuild.build({
  entryPoints: [join(root, 'client', 'sw.ts')],
  bundle: true,
  format: 'iife',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  outfile: join(root, 'dist', 'public', 'sw.js'),
  tsconfig: join(root, 'tsconfig.json'),
  define: { OFFLINE_BUILD: JSON.stringify({ id: buildId, precache }) },
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`Client built: ${basename(manifest.hydrate ?? '')}, ${cssName}, service worker ${buildId}`);
