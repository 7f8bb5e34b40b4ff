import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { countHitFirst } from './counted-hit';
import { RateLimitGiveBackInterceptor } from './rate-limit-give-back.interceptor';
import { RATE_LIMITED, rateLimitRule, type RateLimitName } from './rate-limits';

/**
 * Limits a route by one of RATE_LIMITS, per client address. A rule that gives successes back (sign-in):
 * the global RateLimitGuard counts the request before any guard of the route's own (so a blocked sign-in
 * never reaches the password hash) and the interceptor hands the hit back. A rule that gives refusals
 * back: the hit is counted when the handler starts (CountedHitInterceptor), so a refused request writes
 * no counter; `countedByRoute`: when its service calls countHit(), after its lookups and before it stores.
 */
export const RateLimit = (name: RateLimitName, { countedByRoute = false }: { countedByRoute?: boolean } = {}) =>
  rateLimitRule(name).givesBack === 'refusal'
    ? applyDecorators(countHitFirst(countedByRoute), RATE_LIMITED(name))
    : applyDecorators(RATE_LIMITED(name), UseInterceptors(RateLimitGiveBackInterceptor));
