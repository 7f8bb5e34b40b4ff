import { ServiceUnavailableException } from '@nestjs/common';
import pLimit from 'p-limit';
import { errorBody } from 'src/common/error-body';

export const IMAGE_SERVICE_BUSY = 'The image service is busy. Please try again in a moment.';

/**
 * Runs at most `concurrency` jobs at once and lets at most `maxWaiting` more wait; anything past that is
 * refused at once with a 503 (Retry-After), so a flood of uncached variants or slow remote hosts costs a
 * bounded amount of CPU and memory and every other request is still answered.
 */
export class WorkLimiter {
  private readonly limit: pLimit.Limit;

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {
    this.limit = pLimit(concurrency);
  }

  /** Jobs running now. */
  get running(): number {
    return this.limit.activeCount;
  }

  /** Jobs waiting for a turn now. */
  get waiting(): number {
    return this.limit.pendingCount;
  }

  /** Jobs running and waiting now. */
  get load(): number {
    return this.limit.activeCount + this.limit.pendingCount;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.load >= this.concurrency + this.maxWaiting) return Promise.reject(new ServiceUnavailableException(errorBody(503, IMAGE_SERVICE_BUSY)));
    return this.limit(job);
  }
}
