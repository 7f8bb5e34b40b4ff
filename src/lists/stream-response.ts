import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '@nestjs/common';
import type { Response } from 'express';

/**
 * Sends a file written as it is read (an export of every row: issue 31), at the pace the download takes it;
 * a closed download stops the reading. The first piece is read before the answer starts, so a failure at
 * once still becomes a proper error answer; a later one can only cut the file short, and is logged.
 */
export async function sendPieces(response: Response, pieces: AsyncGenerator<string>, logger: Logger, what: string): Promise<void> {
  const first = await pieces.next();
  // One piece read ahead of what the socket takes, not the stream's default 16: a download that stops reading
  // holds a piece (a batch of rows) in memory, not sixteen (issue 42, F4).
  await pipeline(Readable.from(continued(first, pieces), { highWaterMark: 1 }), response).catch((error: unknown) => {
    logger.error(`${what} stopped: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** A generator's pieces again, its first (already read) included. */
async function* continued<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}
