import { Injectable } from '@nestjs/common';
import type { RequestFinished } from 'src/http/logging';

/** Requests a second from which the process counts as busy with readers. */
export const BUSY_REQUESTS_PER_SECOND = 100;

/**
 * How many requests this process answered in the last whole second: work in the background (a newsletter
 * send) asks it whether readers are waiting, and gives way to them (src/newsletter-issues/issue-sender.ts).
 * Counted as each answer finishes (cache hits included), in two one-second buckets, so it costs an
 * increment a request.
 */
@Injectable()
export class ReaderTraffic {
  private second = 0;
  private current = 0;
  private previous = 0;

  /** Counts a finished request; the app's request tracking calls it (src/app.setup.ts). */
  readonly observe: RequestFinished = () => {
    this.roll(Date.now());
    this.current++;
  };

  /** Requests answered in the last whole second. */
  perSecond(now = Date.now()): number {
    this.roll(now);
    return this.previous;
  }

  /**
   * Whether readers keep the process busy: BUSY_REQUESTS_PER_SECOND answered in the last whole second, or
   * already in the one under way, so that a burst of readers is given way to within milliseconds, not
   * after a second of full-rate background work.
   */
  busy(now = Date.now()): boolean {
    return Math.max(this.perSecond(now), this.current) >= BUSY_REQUESTS_PER_SECOND;
  }

  private roll(now: number): void {
    const second = Math.floor(now / 1000);
    if (second === this.second) return;
    // A second with no request in between leaves nothing to carry over.
    this.previous = second === this.second + 1 ? this.current : 0;
    this.current = 0;
    this.second = second;
  }
}
