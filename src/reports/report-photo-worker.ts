// The photo worker: a child process (forked by PhotoWorker, src/reports/photo-worker.ts) that does the
// report photos' storing as received and their queued jobs, decoding and re-encoding with sharp, at the
// lowest CPU priority (nice 19 and Linux's idle scheduling class), so that the server's pages always win the
// CPU and photos take what is left (issue 45, bench/reports-under-load.mjs). It imports
// nothing of the application (it runs as is, also from the TypeScript source under the tests) and keeps
// nothing: each message is a photo to store or process, each answer the outcome. The job is done here whole,
// its reads and writes included (over a connection of its own), so that the server never holds the bytes
// again after the request (issue 45's heap cap).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type { Client } from 'pg';
import type { Sharp } from 'sharp';

/**
 * What the server asks: store a photo as received from the file its upload was streamed to (answered with
 * the upload's id), or do a queued photo's job.
 */
export type PhotoWorkerRequest =
  | { id: number; op: 'stage'; path: string; databaseUrl: string }
  | { id: number; op: 'job'; photoId: number; databaseUrl: string; maxPixels: number; side: number };

/** A processed photo, or the decoder's message when it could not be made. */
type PhotoOutcome = { ok: true; data: Uint8Array; mimeType: 'image/jpeg' | 'image/png'; width: number; height: number } | { ok: false; error: string };

/**
 * A queued photo's job: done (processed and waiting for approval, or no longer waiting to be processed),
 * or why not: the decoder refused it, or the database failed (tried again as the queue says).
 */
export type PhotoJobOutcome = { ok: true; processed: boolean } | { ok: false; error: string; failed: 'decoder' | 'database' };

/** A photo as received, stored (its upload's id), or why not (the file could not be read, or the database failed). */
export type PhotoStageOutcome = { ok: true; uploadId: number } | { ok: false; error: string };

export type PhotoWorkerReply = { id: number; result: PhotoJobOutcome | PhotoStageOutcome };

// First of all, before sharp starts any thread (threads inherit their creator's priority on Linux). A
// priority is a thread's own there: the threads Node.js started before this line (V8's, which collect this
// process's garbage) are set one by one, where /proc lists them. Then Linux's idle scheduling class for all
// of them (below).
setPriority(19);
for (const thread of threadsOfThisProcess()) {
  try {
    setPriority(thread, 19);
  } catch {
    // Ended meanwhile.
  }
}
idleClass(process.pid, true);

/**
 * Puts a process (every thread of it) or one thread in Linux's SCHED_IDLE class, through util-linux's `chrt`
 * (Node.js has no call for it): it runs only on a CPU that nothing else wants, and a page's request that
 * wakes up takes the CPU from it at once. Nice 19 alone is not enough on a kernel with the EEVDF scheduler
 * (6.6 and later): a niced thread keeps the CPU for the rest of its time slice. Under issue 45's load a
 * site's cached page kept 0.78-0.86 of its throughput with nice 19 alone, 0.88-0.93 with the idle class
 * (bench/README.md). Where `chrt` is missing or refused, nice 19 stays.
 */
function idleClass(pid: number, allThreads: boolean): boolean {
  const result = spawnSync('chrt', ['--idle', ...(allThreads ? ['--all-tasks'] : []), '--pid', '0', String(pid)], { stdio: 'ignore' });
  return result.status === 0;
}

function threadsOfThisProcess(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [];
  }
}

type SharpFactory = typeof import('sharp');

/**
 * A photo as it is kept: decoded, turned upright from its EXIF orientation, scaled down to at most `side`,
 * converted to sRGB and written again as JPEG (PNG when it has transparency). sharp writes no metadata
 * unless asked, so EXIF (the GPS position above all), XMP, IPTC, ICC and comments are all gone.
 */
async function processPhoto(sharp: SharpFactory, bytes: Buffer, maxPixels: number, side: number): Promise<PhotoOutcome> {
  try {
    const image: Sharp = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const { hasAlpha } = await sharp(bytes, { limitInputPixels: false }).metadata();
    const mimeType = hasAlpha ? 'image/png' : 'image/jpeg';
    if (hasAlpha) image.png({ compressionLevel: 8 });
    // libjpeg-turbo rather than mozjpeg: several times faster at this size, for a file a little larger (/img re-encodes it anyway).
    else image.jpeg({ quality: 85 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { ok: true, data, mimeType, width: info.width, height: info.height };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

let database: { url: string; client: Promise<Client> } | null = null;

/**
 * The connection's PostgreSQL process at this worker's priority (nice 19, the idle class), when that process is on this
 * machine (connected through a Unix socket: the embedded PostgreSQL's way) and ours to change (the same
 * user): a photo's reads and writes (a 5 MB upload read back as text, the processed photo written) then
 * also take only the CPU the server's pages leave. A database elsewhere, or another user's, is left as it is.
 */
async function atOurPriority(client: Client): Promise<number | null> {
  try {
    const { rows } = await client.query<{ pid: number; socket: boolean }>(`SELECT pg_backend_pid() AS pid, inet_server_addr() IS NULL AS socket`);
    if (!rows[0]?.socket) return null;
    setPriority(rows[0].pid, 19);
    idleClass(rows[0].pid, false);
    return rows[0].pid;
  } catch {
    return null;
  }
}

/** The worker's one connection (opened at its first job, again after it broke). */
function connection(url: string): Promise<Client> {
  if (database?.url !== url) {
    const client = import('pg').then(async ({ default: pg }) => {
      const opened = new pg.Client({ connectionString: url, application_name: 'report-photo-worker' });
      opened.on('error', () => {
        if (database?.client === client) database = null;
      });
      await opened.connect();
      await atOurPriority(opened);
      return opened;
    });
    database = { url, client };
    client.catch(() => {
      if (database?.client === client) database = null;
    });
  }
  return database.client;
}

/**
 * A queued photo's job: its bytes as received, processed, kept as an upload named by its hash (the same
 * bytes twice are one upload), and the photo then waits for approval without its bytes as received.
 * What the report-photos service did in the server, in the same SQL terms.
 */
async function job(sharp: SharpFactory, photoId: number, url: string, maxPixels: number, side: number): Promise<PhotoJobOutcome> {
  let db: Client;
  let upload: { id: number; bytes: Buffer } | undefined;
  try {
    db = await connection(url);
    const { rows } = await db.query<{ id: number; bytes: Buffer }>(
      `SELECT u.id, u.bytes FROM report_photos p JOIN report_photo_uploads u ON u.id = p."uploadId" WHERE p.id = $1 AND p.status = 'processing'`,
      [photoId],
    );
    upload = rows[0];
  } catch (error) {
    return { ok: false, error: (error as Error).message, failed: 'database' };
  }
  if (!upload) return { ok: true, processed: false };
  const processed = await processPhoto(sharp, upload.bytes, maxPixels, side);
  if (!processed.ok) return { ok: false, error: processed.error, failed: 'decoder' };
  const { data, mimeType, width, height } = processed;
  const hash = createHash('sha256').update(data).digest('hex');
  try {
    await db.query(
      `INSERT INTO media (hash, "mimeType", bytes, width, height, size, "originalName") VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [hash, mimeType, data, width, height, data.length, `report-photo-${photoId}.${mimeType === 'image/png' ? 'png' : 'jpg'}`],
    );
    await db.query(
      `UPDATE report_photos SET status = 'pending', "mediaId" = (SELECT id FROM media WHERE hash = $1), width = $2, height = $3
       WHERE id = $4 AND status = 'processing'`,
      [hash, width, height, photoId],
    );
    // Its bytes as received are no longer needed; the foreign key empties the photo's uploadId (left undeleted
    // by a failure here, they are the housekeeping's once no photo refers to them).
    await db.query(`DELETE FROM report_photo_uploads WHERE id = $1`, [upload.id]);
  } catch (error) {
    return { ok: false, error: (error as Error).message, failed: 'database' };
  }
  return { ok: true, processed: true };
}

/**
 * Stores a photo as received: the file the server streamed its upload to, read here and written as one
 * upload row over this worker's connection (at its priority), so that neither the server nor a database
 * process at normal priority copies it. The server deletes the file.
 */
function stage(path: string, url: string): Promise<PhotoStageOutcome> {
  const turn = staging.then(() => stageNow(path, url));
  staging = turn;
  return turn;
}

/** The photos being stored go one at a time (each read only when its turn comes: one upload in memory, not a queue of them). */
let staging: Promise<unknown> = Promise.resolve();

async function stageNow(path: string, url: string): Promise<PhotoStageOutcome> {
  try {
    const bytes = await readFile(path);
    const db = await connection(url);
    const { rows } = await db.query<{ id: number }>(`INSERT INTO report_photo_uploads (bytes) VALUES ($1) RETURNING id`, [bytes]);
    return { ok: true, uploadId: rows[0].id };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

// sharp is loaded after the priority is set; a message that comes first waits for it.
const loaded: Promise<SharpFactory> = import('sharp').then(({ default: sharp }) => {
  // Every photo is new: libvips's operation cache would only hold memory.
  sharp.cache(false);
  return sharp;
});

process.on('message', (message: PhotoWorkerRequest) => {
  const result =
    message.op === 'stage'
      ? stage(message.path, message.databaseUrl)
      : loaded.then((sharp) => job(sharp, message.photoId, message.databaseUrl, message.maxPixels, message.side));
  void result.then((outcome) => process.send?.({ id: message.id, result: outcome } satisfies PhotoWorkerReply));
});
// The server is gone (stopped, or killed): so is its worker.
process.on('disconnect', () => process.exit(0));
