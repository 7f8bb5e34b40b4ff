import { Injectable } from '@nestjs/common';

/** The one source of the current time, so tests can move it (session expiry, rate-limit windows). */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests only: move time forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
