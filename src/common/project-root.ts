import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | null = null;

/** The folder holding package.json, whether the code runs from src/ (tests) or dist/src/ (built). */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + __dirname);
    dir = parent;
  }
  cached = dir;
  return dir;
}
