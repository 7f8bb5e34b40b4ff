#!/usr/bin/env node
// Builds the server (the OpenAPI metadata, tsc, then tsc-alias for the `src/...` imports) and the
// browser bundles. With --if-stale it does nothing when dist/ is newer than every source file, so
// `npm start` is quick.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');
const sources = ['src', 'views', 'client', 'core', 'migrations', 'ormconfig.ts', 'package.json', 'tsconfig.json', 'scripts'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

if (process.argv.includes('--if-stale') && existsSync(stamp)) {
  const built = statSync(stamp).mtimeMs;
  if (sources.every((source) => newest(join(root, source)) <= built)) process.exit(0);
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
console.log('Building the server...');
// src/api-docs/metadata.ts is committed, so type checks and tests see it without a build; here it is brought up
// to date with the DTOs, and CI, which builds a fresh clone, fails when the committed copy was stale.
const { writeApiMetadata } = await import('./generate-api-metadata.mjs');
if (await writeApiMetadata({ check: process.env.CI === 'true' })) console.log('src/api-docs/metadata.ts regenerated from the DTOs: commit it');
run(bin('tsc'), ['-p', 'tsconfig.build.json']);
run(bin('tsc-alias'), ['-p', 'tsconfig.build.json']);
console.log('Building the browser bundles...');
run(process.execPath, [join(root, 'scripts', 'build-client.mjs')]);
writeFileSync(stamp, new Date().toISOString());
