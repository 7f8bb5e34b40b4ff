import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import type { Pool, QueryResult } from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';

/** What a handler is told about its job besides its data. */
export interface JobInfo {
  /** How many more times the job is tried if this run throws (0: this is its last try). */
  retriesLeft: number;
}

/** A job's handler: the job's data in, done when it resolves (a throw is retried as the queue says). */
export type JobHandler<T> = (data: T, info: JobInfo) => Promise<void>;

/** A queue's pg-boss settings (retries, expiry), and how many of its jobs a process works at once. */
export interface QueueOptions extends Omit<PgBoss.Queue, 'name'> {
  /**
   * Jobs a process fetches together and works side by side (default 1). pg-boss's worker asks for jobs at
   * most once every POLL_SECONDS, so this is also how many a second one process can start.
   */
  batchSize?: number;
}

interface Registration {
  name: string;
  queue: PgBoss.Queue;
  batchSize: number;
  handler: JobHandler<object>;
}

/** How often each process asks for waiting jobs: the longest a job waits to start when nothing else wakes it. */
const POLL_SECONDS = 1;

/** The advisory lock (first key) the processes take in turn to start the queue: 'jq'. */
const START_LOCK = 0x6a71;

/**
 * The site's one job queue: pg-boss on the site's own PostgreSQL (schema `pgboss`, created and migrated by
 * pg-boss on start), through the server's connection pool. Every process starts it and works every queue
 * registered with `define` before start, so a job runs in whichever process fetches it first, and one that
 * a dead process held is retried once it expires. A job can be sent inside the transaction that makes
 * the rows it works on (`send(..., runner)`): both commit or neither.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobQueue');
  private readonly registrations: Registration[] = [];
  private readonly boss: PgBoss;
  private readonly pool: () => Pool | undefined;
  private started: Promise<void> | null = null;
  private lastErrorLog = 0;

  constructor(@InjectDataSource() dataSource: DataSource) {
    // The server's own pg pool (TypeORM's PostgreSQL driver keeps it as `master`; none once it has closed).
    const pool = () => (dataSource.driver as unknown as { master?: Pool }).master;
    this.pool = pool;
    this.boss = new PgBoss({
      db: {
        // pg-boss records a job's outcome without waiting for it: one that ends after the server closed its pool
        // (shutdown) would reject with nowhere to go. That record is dropped instead (pg-boss reads no result as
        // no row changed): the queue failed the job when it stopped, or it expires, and it runs again as its
        // retries say, as a job of a killed process does.
        executeSql: (text: string, values?: unknown[]) => {
          const server = pool();
          return !server || server.ending ? Promise.resolve(undefined as unknown as QueryResult) : server.query(text, values);
        },
      },
      schema: 'pgboss',
      // Expired jobs are looked for every 30 s (the ones a killed process held are retried then).
      maintenanceIntervalSeconds: 30,
      // No cron schedules: the site sends nothing on a calendar.
      schedule: false,
    });
    // A database outage makes the polling fail until it is back: logged, at most once a minute.
    this.boss.on('error', (error: Error) => {
      if (Date.now() - this.lastErrorLog < 60_000) return;
      this.lastErrorLog = Date.now();
      this.logger.warn(`job queue: ${error.message}`);
    });
  }

  /** Registers a queue and its handler; the queue is created and worked when the application starts. */
  define<T extends object>(name: string, { batchSize = 1, ...queue }: QueueOptions, handler: JobHandler<T>): void {
    this.registrations.push({ name, queue: { name, ...queue }, batchSize, handler: handler as JobHandler<object> });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  start(): Promise<void> {
    this.started ??= (async () => {
      // Processes starting together would create the queues' tables at once and deadlock (pg-boss makes a
      // partition per queue): one process at a time, under a lock held on a connection of its own.
      const server = this.pool();
      if (!server) throw new Error('job queue: the database connection is closed');
      const client = await server.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1, $2)', [START_LOCK, 0]);
        await this.boss.start();
        for (const { name, queue } of this.registrations) await this.boss.createQueue(name, queue);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [START_LOCK, 0]).catch(() => undefined);
        client.release();
      }
      for (const { name, batchSize, handler } of this.registrations) {
        await this.boss.work<object>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize, includeMetadata: true }, (jobs) =>
          this.work(name, jobs, handler),
        );
      }
    })();
    return this.started;
  }

  /**
   * Works a fetched batch side by side. A job whose handler throws is failed on its own, and retried as its
   * queue says; pg-boss then completes the batch, which marks only the jobs still active (the others).
   */
  private async work(name: string, jobs: PgBoss.JobWithMetadata<object>[], handler: JobHandler<object>): Promise<void> {
    const outcomes = await Promise.allSettled(jobs.map((job) => handler(job.data, { retriesLeft: Math.max(0, job.retryLimit - job.retryCount) })));
    // A batch of one fails as pg-boss fails any job whose handler throws.
    if (jobs.length === 1 && outcomes[0].status === 'rejected') throw outcomes[0].reason;
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'rejected') await this.boss.fail(name, jobs[i].id, outcome.reason as object);
    }
  }

  /** Adds a job; with `runner`, inside that runner's open transaction. */
  async send(name: string, data: object, options: PgBoss.SendOptions = {}, runner?: QueryRunner): Promise<void> {
    await this.start();
    // A job sent once the pool is closing would be dropped by the queue's SQL above: it is refused instead.
    if (!runner && (this.pool()?.ending ?? true)) throw new Error(`job queue: ${name} sent while the server is shutting down`);
    const db = runner ? { executeSql: async (text: string, values?: unknown[]) => ({ rows: await runner.query(text, values) }) } : undefined;
    await this.boss.send(name, data, db ? { ...options, db } : options);
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    // The pool is the server's (closed by TypeORM after this); a job still running is failed and retried elsewhere.
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
  }
}
