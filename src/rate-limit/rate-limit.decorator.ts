import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { RateLimitGiveBackInterceptor } from './rate-limit-give-back.interceptor';
import { RATE_LIMITED, type RateLimitName } from './rate-limits';

/**
 * Limits a route by one of RATE_LIMITS, per client address. The global RateLimitGuard counts the request
 * before any guard of the route's own (so a blocked sign-in never reaches the password hash); the
 * interceptor hands the hit back when the rule says so.
 */
export const RateLimit = (name: RateLimitName) => applyDecorators(RATE_LIMITED(name), UseInterceptors(RateLimitGiveBackInterceptor));
