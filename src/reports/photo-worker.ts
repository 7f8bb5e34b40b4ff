import { fork, type ChildProcess } from 'node:child_process';
import { extname, join } from 'node:path';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { PhotoJobOutcome, PhotoStageOutcome, PhotoWorkerReply, PhotoWorkerRequest } from './report-photo-worker';

/** The child's script beside this one (.js when built, .ts under the tests, which Node.js runs as is). */
const SCRIPT = join(__dirname, `report-photo-worker${extname(__filename)}`);

/** The worker exited (a crash, a kill, an out-of-memory) while it had this photo. */
export class PhotoWorkerGone extends Error {}

type Outcome = PhotoJobOutcome | PhotoStageOutcome;
type Pending = { resolve: (result: Outcome) => void; reject: (error: Error) => void };
type Request = PhotoWorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Running {
  child: ChildProcess;
  pending: Map<number, Pending>;
}

/**
 * The report photos' storing as received (from the file each upload was streamed to) and their queued
 * jobs (decoding, re-encoding, storing), in a child process at the lowest CPU priority (nice 19,
 * src/reports/report-photo-worker.ts): libvips's threads then only take the CPU the server's pages leave,
 * and neither the photo's bytes nor libvips's memory are the server's. At most the job queue's batch of
 * jobs at once (PHOTO_CONCURRENCY), and a request's photos. Started at the first photo; one that exits is replaced at
 * the next, and what it had is tried once more in the new one (a photo that kills it twice fails its job,
 * which the queue retries as it says).
 */
@Injectable()
export class PhotoWorker implements OnApplicationShutdown {
  private readonly logger = new Logger('PhotoWorker');
  private running: Running | null = null;
  private nextId = 1;
  private closed = false;

  /** The worker's process id (none before the first photo, or after it exited). */
  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  /** Photos the worker has now. */
  get busy(): number {
    return this.running?.pending.size ?? 0;
  }

  /**
   * Stores a photo as received from the file its upload was streamed to, as an upload row (answered with
   * its id): the worker reads the file and writes it over its own connection, at its priority.
   */
  stage(path: string, databaseUrl: string): Promise<PhotoStageOutcome> {
    return this.twice({ op: 'stage', path, databaseUrl }) as Promise<PhotoStageOutcome>;
  }

  /** A queued photo's job, done whole in the worker (its reads and writes over a connection of its own). */
  job(photoId: number, databaseUrl: string, maxPixels: number, side: number): Promise<PhotoJobOutcome> {
    return this.twice({ op: 'job', photoId, databaseUrl, maxPixels, side }) as Promise<PhotoJobOutcome>;
  }

  onApplicationShutdown(): void {
    this.closed = true;
    this.running?.child.kill();
    this.running = null;
  }

  private async twice(request: Request): Promise<Outcome> {
    try {
      return await this.call(request);
    } catch (error) {
      if (!(error instanceof PhotoWorkerGone) || this.closed) throw error;
      return this.call(request);
    }
  }

  private call(request: Request): Promise<Outcome> {
    if (this.closed) return Promise.reject(new PhotoWorkerGone('The photo worker is stopped'));
    const running = (this.running ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      running.pending.set(id, { resolve, reject });
      running.child.send({ ...request, id } as PhotoWorkerRequest, (error) => {
        if (!error) return;
        running.pending.delete(id);
        reject(new PhotoWorkerGone(`The photo worker could not be reached: ${error.message}`));
      });
    });
  }

  private start(): Running {
    const child = fork(SCRIPT, [], {
      // Not the server's flags (its heap cap, a profiler, a preloaded probe): the worker's heap holds no photo.
      execArgv: SCRIPT.endsWith('.ts') ? ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const running: Running = { child, pending: new Map() };
    child.on('message', ({ id, result }: PhotoWorkerReply) => {
      const call = running.pending.get(id);
      running.pending.delete(id);
      call?.resolve(result);
    });
    const gone = (why: string) => {
      if (this.running === running) this.running = null;
      if (running.pending.size && !this.closed) this.logger.warn(`The photo worker ${why} with ${running.pending.size} photo(s): they are tried again`);
      for (const call of running.pending.values()) call.reject(new PhotoWorkerGone(`The photo worker ${why}`));
      running.pending.clear();
    };
    child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
    child.on('error', (error) => {
      gone(`failed (${error.message})`);
      child.kill();
    });
    // The server's event loop does not wait for an idle worker.
    child.unref();
    child.channel?.unref();
    return running;
  }
}
