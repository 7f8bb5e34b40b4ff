import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, statSync, unlink, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import type { Request } from 'express';

/**
 * Where a report's photos are streamed to as they arrive (issue 45, load and limits): a file each, in
 * `DATA_DIR/report-photos/`. The server never holds a whole upload (a 5 MB photo held until it was stored
 * kept the garbage collector busy for the cached pages' share of the CPU); the request's checks read the
 * file a block at a time, the photo worker stores it in the database, and the file is deleted when the
 * request ends, whatever its outcome.
 */
export const spoolDir = (dataDir: string) => join(dataDir, 'report-photos');

/** A file left by a process that stopped mid-upload is deleted at the next start once it is this old. */
const LEFT_AFTER_MS = 60 * 60 * 1000;

type SpooledFile = { path: string; size: number };
type Callback<T> = (error: Error | null, info?: T) => void;

/**
 * multer's storage engine for report photos: each file part piped to a new file of its own (created
 * exclusively, readable by this user only). multer stops the part at its size limit and then removes what
 * was written, through `_removeFile`.
 */
export class SpoolStorage {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  _handleFile(_request: Request, file: { stream: NodeJS.ReadableStream }, done: Callback<SpooledFile>): void {
    const path = join(this.dir, randomUUID());
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    pipeline(file.stream, out, (error) => {
      if (!error) return done(null, { path, size: out.bytesWritten });
      unlink(path, () => done(error));
    });
  }

  _removeFile(_request: Request, file: { path?: string }, done: (error: Error | null) => void): void {
    if (!file.path) return done(null);
    unlink(file.path, () => done(null));
  }

  /** Deletes the files an earlier process left (it stopped mid-request): at start, once. */
  pruneLeftovers(now = Date.now()): number {
    let removed = 0;
    for (const name of readdirSync(this.dir)) {
      const path = join(this.dir, name);
      try {
        if (now - statSync(path).mtimeMs < LEFT_AFTER_MS) continue;
        unlinkSync(path);
        removed++;
      } catch {
        // Gone meanwhile (another process on this host pruned it).
      }
    }
    return removed;
  }
}

/** Deletes a request's photo files (the request has ended); a file already gone is no error. */
export function deleteSpooled(files: { path?: string }[]): void {
  for (const file of files) if (file.path) unlink(file.path, () => undefined);
}
