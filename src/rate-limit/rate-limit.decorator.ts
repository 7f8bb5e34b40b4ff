import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { countHitFirst } from './counted-hit';
import { RateLimitGiveBackInterceptor } from './rate-limit-give-back.interceptor';
import { COUNTED_BEFORE_BODY, RATE_LIMITED, rateLimitRule, type RateLimitName } from './rate-limits';

/**
 * Limits a route by one of RATE_LIMITS, per client address. A rule that gives successes back (sign-in):
 * the global RateLimitGuard counts the request before any guard of the route's own (so a blocked sign-in
 * never reaches the password hash) and the interceptor hands the hit back. A rule that gives refusals
 * back: the hit is counted when the handler starts (CountedHitInterceptor), so a refused request writes
 * no counter; `countedByRoute`: when its service calls countHit(), after its lookups and before it stores.
 * `beforeBody`: counted by the guard before the body is read and handed back after a refusal, for a route
 * whose body is worth not reading from a client past its limit (photos of up to 15 MB).
 */
export const RateLimit = (name: RateLimitName, { countedByRoute = false, beforeBody = false }: { countedByRoute?: boolean; beforeBody?: boolean } = {}) =>
  rateLimitRule(name).givesBack === 'refusal' && !beforeBody
    ? applyDecorators(countHitFirst(countedByRoute), RATE_LIMITED(name))
    : applyDecorators(RATE_LIMITED(name), ...(beforeBody ? [COUNTED_BEFORE_BODY(true)] : []), UseInterceptors(RateLimitGiveBackInterceptor));
