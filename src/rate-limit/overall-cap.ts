import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AuditService } from 'src/audit/audit.service';
import { rateLimitClient } from 'src/http/client-ip';
import type { RateLimitStorage } from './rate-limit.storage';
import { describeRule, OVERALL, rateLimitRule, type RateLimitName, type RateLimitRule } from './rate-limits';

type Overall = NonNullable<RateLimitRule['overall']>;

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * A rule's cap across every address (`overall` in rate-limits.ts), counted from failures only: the route
 * reports a failure once it knows (a wrong password), so attempts that succeed never fill it and a
 * distributed guess can never refuse the right password. While the cap is reached, a client that
 * already has a counted attempt in its own window is refused before the route does its work (no
 * password hash for a network that just guessed wrong); a client with none is still heard.
 */
@Injectable()
export class OverallCap {
  constructor(
    @InjectThrottlerStorage() private readonly storage: RateLimitStorage,
    private readonly audit: AuditService,
  ) {}

  /** Called by RateLimitGuard once the client's own limit let the request through. */
  async refuseRepeatedWhileCapped(request: Request, response: Response, name: RateLimitName): Promise<void> {
    const overall = this.overallOf(name);
    const cap = await this.storage.peek(OVERALL.throttler(name), OVERALL.key);
    if (!cap || cap.totalHits <= overall.limit) return;
    // This request is already counted in the client's window: more than one means an earlier attempt.
    const own = await this.storage.peek(name, rateLimitClient(request));
    if (!own || own.totalHits <= 1) return;
    this.refuse(response, overall, cap.timeToExpire);
  }

  /** Counts one failure; past the cap it answers 429 in the route's place, with one audit row for the window it was reached in. */
  async countFailure(request: Request, response: Response, name: RateLimitName): Promise<void> {
    const overall = this.overallOf(name);
    const record = await this.storage.increment(OVERALL.key, overall.ttl, overall.limit, 0, OVERALL.throttler(name));
    if (!record.isBlocked) return;
    // One row for the window the cap was reached in: a flood from many addresses writes no flood of rows.
    if (record.totalHits === overall.limit + 1) {
      await this.audit.record(request, {
        action: overall.audit.action,
        resource: request.path,
        details: { reason: overall.audit.reason, attempts: record.totalHits, limit: describeRule(overall) },
      });
    }
    this.refuse(response, overall, record.timeToBlockExpire);
  }

  private refuse(response: Response, overall: Overall, seconds: number): never {
    response.setHeader('Retry-After', String(seconds));
    throw new ThrottlerException(overall.message(minutesOf(seconds)));
  }

  private overallOf(name: RateLimitName): Overall {
    const overall = rateLimitRule(name).overall;
    if (!overall) throw new Error(`The ${name} rate limit has no overall cap`);
    return overall;
  }
}
