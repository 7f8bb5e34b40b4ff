#!/usr/bin/env node
// Builds the browser code into dist/public/assets: the hydration entry and its island chunks (esbuild,
// ESM, code splitting, hashed names), the Tailwind stylesheet, Leaflet's stylesheet, and manifest.json
// which the server reads to write the right <script> and <link> tags.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { offlineLand } from './offline-land.mjs';

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

const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint?.endsWith('client/hydrate.ts'));
const toUrl = (file) => '/assets/' + relative(out, join(root, file)).split('\\').join('/');

const tailwindOut = join(out, 'app.tmp.css');
execFileSync(join(root, 'node_modules', '.bin', 'tailwindcss'), ['-i', join(root, 'client', 'styles.css'), '-o', tailwindOut, '--minify'], {
  cwd: root,
  stdio: 'ignore',
});
const css = readFileSync(tailwindOut);
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

const manifest = {
  hydrate: entry ? toUrl(entry[0]) : null,
  css: `/assets/${cssName}`,
  styles: { leaflet: `/assets/${leafletName}` },
  data: { land: `/assets/${landName}` },
};
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`Client built: ${basename(manifest.hydrate ?? '')}, ${cssName}`);
