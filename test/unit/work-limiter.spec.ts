import { ServiceUnavailableException } from '@nestjs/common';
import { IMAGE_SERVICE_BUSY, WorkLimiter } from 'src/images/work-limiter';

/** A job that finishes only when told to, so the limiter's state is known at every step. */
function controllable<T>(value: T) {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const job = async () => {
    started = true;
    await done;
    return value;
  };
  return { job, finish, started: () => started };
}

describe('the image work limiter', () => {
  it('runs as many jobs as its concurrency, queues the allowed number more, and refuses the rest with a 503', async () => {
    const limiter = new WorkLimiter(2, 1);
    const jobs = ['a', 'b', 'c'].map(controllable);
    const results = jobs.map((j) => limiter.run(j.job));
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.map((j) => j.started())).toEqual([true, true, false]);
    expect(limiter.load).toBe(3);

    const refused = limiter.run(async () => 'd');
    await expect(refused).rejects.toBeInstanceOf(ServiceUnavailableException);
    await expect(refused).rejects.toMatchObject({ response: { statusCode: 503, error: IMAGE_SERVICE_BUSY } });

    jobs[0].finish();
    await expect(results[0]).resolves.toBe('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs[2].started()).toBe(true);
    jobs[1].finish();
    jobs[2].finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(limiter.load).toBe(0);
    await expect(limiter.run(async () => 'e')).resolves.toBe('e');
  });

  it('frees a place when a job fails', async () => {
    const limiter = new WorkLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error('corrupt image')))).rejects.toThrow('corrupt image');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });
});
