import { DataSource } from 'typeorm';
import { dataSourceOptions } from 'src/database/data-source-options';
import { JobQueue } from 'src/job-queue/job-queue.service';
import { createTestDatabase } from '../support/test-app';

/**
 * A job that ends after the server has shut down: its queue stopped (the job was failed, to run again) and
 * the database pool closed. pg-boss records the late outcome without waiting for it; that record must go
 * nowhere quietly, not reject with no one to hear it (which ends a Node process, and failed a CI run).
 */
it('drops the outcome of a job that ends after the queue stopped and the pool closed, with no unhandled rejection', async () => {
  const dataSource = new DataSource(dataSourceOptions(await createTestDatabase()));
  await dataSource.initialize();
  const queue = new JobQueue(dataSource);
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let finish!: (error: Error) => void;
  const gate = new Promise<never>((_, reject) => (finish = reject));
  let ended!: () => void;
  const handled = new Promise<void>((resolve) => (ended = resolve));
  queue.define('shutdown-test', { retryLimit: 0 }, async () => {
    started();
    try {
      await gate;
    } finally {
      ended();
    }
  });
  await queue.start();
  await queue.send('shutdown-test', { n: 1 });
  await running;

  // The queue stops (after its wait for running jobs, the job is failed), then the pool closes.
  await queue.onModuleDestroy();
  const [job] = await dataSource.query(`SELECT state FROM pgboss.job WHERE name = 'shutdown-test'`);
  expect(job.state).toBe('failed');
  await dataSource.destroy();

  // The handler ends only now, with an error: pg-boss records it, and the record is dropped.
  finish(new Error('ended after the shutdown'));
  await handled;
  // Two turns of the event loop: the late record has run, and a rejection of it would have been reported.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  await expect(queue.send('shutdown-test', { n: 2 })).rejects.toThrow('job queue: shutdown-test sent while the server is shutting down');
}, 30_000);
