import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { dayIn } from 'core/reports';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { PhotoWorker } from 'src/reports/photo-worker';
import { noiseJpeg, phoneJpeg } from '../support/report-images';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 45, load and limits: report photos are decoded and re-encoded in a child process at the lowest CPU
 * priority (src/reports/photo-worker.ts), so the server's pages win the CPU; a worker that dies loses no photo.
 */
let t: TestApp;
let site: DiveSite;
let worker: PhotoWorker;

beforeAll(async () => {
  t = await startTestApp();
  site = await t.dataSource.getRepository(DiveSite).findOneByOrFail({ name: 'SS Yongala' });
  worker = t.app.get(PhotoWorker);
});

beforeEach(async () => {
  await t.dataSource.query('DELETE FROM rate_limits');
  await t.dataSource.query('DELETE FROM condition_reports');
});

afterAll(() => t.close());

const yesterday = () => {
  const today = dayIn(new Date(), t.config.siteTimezone);
  return new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
};

const post = (name: string, bytes: Buffer) =>
  request(t.baseUrl).post(`/api/dive-sites/${site.id}/reports`).field('date', yesterday()).field('visibility', '12').attach('photos', bytes, name);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The photos' rows once none waits to be processed (the queue polls each second). */
async function processedPhotos(): Promise<{ status: string; hash: string | null; uploadId: number | null }[]> {
  for (let i = 0; i < 300; i++) {
    const rows = await t.dataSource.query(`SELECT p.status, p."uploadId", m.hash FROM report_photos p LEFT JOIN media m ON m.id = p."mediaId" ORDER BY p.id`);
    if (rows.length && rows.every((row: { status: string }) => row.status !== 'processing')) return rows;
    await sleep(100);
  }
  throw new Error('photos were not processed');
}

/** Linux's number for the idle scheduling class. */
const SCHED_IDLE = 5;

/** A process's or thread's scheduling policy: field 41 of its /proc stat (the fields after the name's closing parenthesis start at 3). */
function policyOf(dir: string): number {
  const stat = readFileSync(`${dir}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
}

/** Kills the worker once it has a photo and answers the pid it killed. */
async function killWhenBusy(): Promise<number> {
  for (let i = 0; i < 20_000; i++) {
    const pid = worker.pid;
    if (pid && worker.busy > 0) {
      process.kill(pid, 'SIGKILL');
      return pid;
    }
    await sleep(1);
  }
  throw new Error('the worker never had a photo');
}

// A worker at the lowest priority is slow on a busy machine: these tests wait for it longer than most.
jest.setTimeout(90_000);

describe('the photo worker', () => {
  it('processes a queued photo in a child process at the lowest CPU priority, its database work too: it ends stored, upright and served', async () => {
    await post('boat.jpg', await phoneJpeg()).expect(201);
    const [photo] = await processedPhotos();
    const pid = worker.pid;
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid)).toBe(19);
    // Every thread of it, those Node.js started before its first line (V8's garbage collection) included,
    // and each in Linux's idle scheduling class (SCHED_IDLE, 5), which a page's request takes the CPU from at once.
    const threads = readdirSync(`/proc/${pid}/task`).map(Number);
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.map((thread) => getPriority(thread))).toEqual(threads.map(() => 19));
    expect(threads.map((thread) => policyOf(`/proc/${pid}/task/${thread}`))).toEqual(threads.map(() => SCHED_IDLE));
    // Its database work too: the embedded PostgreSQL's process serving the worker's connection is at 19.
    // (One PostgreSQL serves every test file, each its own database: this app's worker is the one on this one.)
    const backends: { pid: number }[] = await t.dataSource.query(
      `SELECT pid FROM pg_stat_activity WHERE application_name = 'report-photo-worker' AND datname = current_database()`,
    );
    expect(backends).toHaveLength(1);
    expect(getPriority(backends[0].pid)).toBe(19);
    expect(policyOf(`/proc/${backends[0].pid}`)).toBe(SCHED_IDLE);
    expect(photo.status).toBe('pending');
    expect(photo.uploadId).toBeNull();
    const stored = await request(t.baseUrl).get(`/media/uploads/${photo.hash}.jpg`).expect(200);
    const metadata = await sharp(stored.body as Buffer).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([80, 120, undefined]);
  });

  it('loses no queued photo when the worker is killed while it processes it: a new worker does it', async () => {
    await post('reef.jpg', await noiseJpeg(3000, 2000)).expect(201);
    const killed = await killWhenBusy();
    const [photo] = await processedPhotos();
    expect(photo.status).toBe('pending');
    expect(photo.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(photo.uploadId).toBeNull();
    expect(worker.pid).not.toBe(killed);
    const stored = await request(t.baseUrl).get(`/media/uploads/${photo.hash}.jpg`).expect(200);
    expect((await sharp(stored.body as Buffer).metadata()).width).toBe(2400);
  });

  it('refuses a report with a 503 and stores nothing when its photo cannot be stored (the worker stopped), so the diver sends it again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'report-photo-worker-spec-'));
    const other = await startTestApp({ DATA_DIR: dataDir });
    try {
      // As at shutdown: the worker takes nothing more.
      other.app.get(PhotoWorker).onApplicationShutdown();
      const { body } = await request(other.baseUrl)
        .post(`/api/dive-sites/${site.id}/reports`)
        .field('date', yesterday())
        .field('visibility', '12')
        .attach('photos', await noiseJpeg(), 'reef.jpg')
        .expect(503);
      expect(body.message).toBe('Service temporarily unavailable');
      const [counts] = await other.dataSource.query(
        `SELECT (SELECT count(*)::int FROM condition_reports) AS reports, (SELECT count(*)::int FROM report_photos) AS photos, (SELECT count(*)::int FROM report_photo_uploads) AS uploads`,
      );
      expect(counts).toEqual({ reports: 0, photos: 0, uploads: 0 });
      for (let i = 0; i < 100 && readdirSync(join(dataDir, 'report-photos')).length; i++) await sleep(20);
      expect(readdirSync(join(dataDir, 'report-photos'))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
