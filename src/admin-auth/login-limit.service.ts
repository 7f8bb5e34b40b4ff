import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { LOGIN_EVENTS, AuditService } from 'src/audit/audit.service';
import { clientIp } from 'src/common/client-ip';
import { Clock } from 'src/common/clock';
import { errorBody } from 'src/common/error-body';
import { RateLimitService } from 'src/rate-limit/rate-limit.service';

/** SPEC section 9: 5 sign-in attempts per 15 minutes per client IP. */
export const LOGIN_LIMIT = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const keyFor = (request: Request) => `login:${clientIp(request)}`;

/**
 * Sign-in attempts counted per client IP in the shared rate_limits table, so every server process
 * sees the same count. The IP is Express's under the TRUST_PROXY hop count: a forged X-Forwarded-For
 * from the client changes nothing.
 */
@Injectable()
export class LoginLimitService {
  constructor(
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Counts an attempt; past the limit, audits login_blocked and throws a 429. */
  async attempt(request: Request): Promise<void> {
    const result = await this.rateLimits.hit(keyFor(request), LOGIN_LIMIT, LOGIN_WINDOW_MS);
    if (result.allowed) return;
    const waitMs = Math.max(0, result.resetTime.getTime() - this.clock.now().getTime());
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    await this.audit.record(request, {
      action: LOGIN_EVENTS.blocked,
      resource: '/api/admin/login',
      details: { reason: 'Too many login attempts', attempts: result.count, limit: `${LOGIN_LIMIT} per 15 minutes` },
    });
    request.res?.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
    throw new HttpException(
      errorBody(429, `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`),
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  /**
   * A successful sign-in gives its attempt back, so only failures use up the allowance: the
   * administrator signing in and out several times is not locked out, a guesser still is.
   */
  async forgive(request: Request): Promise<void> {
    await this.dataSource.query(`UPDATE rate_limits SET "count" = "count" - 1 WHERE "key" = $1 AND "count" > 0`, [keyFor(request)]);
  }
}
