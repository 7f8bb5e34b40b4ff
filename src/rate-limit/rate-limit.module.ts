import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { Clock } from 'src/common/clock';
import { CountedHitInterceptor } from './counted-hit';
import { OverLimit } from './over-limit';
import { OverallCap } from './overall-cap';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStorage } from './rate-limit.storage';
import { RATE_LIMITS } from './rate-limits';

/**
 * @nestjs/throttler with one named throttler per entry of RATE_LIMITS, counted in PostgreSQL.
 * blockDuration 0: a client past the limit is refused until the window ends, not for a further
 * window (the throttler's default blockDuration) from the request that went over. ThrottlerModule is global, so `@RateLimit()`'s interceptor, built in
 * each controller's module, finds the storage. Global for OverallCap, which the sign-in guard reports its failures to.
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [DataSource, Clock],
      useFactory: (dataSource: DataSource, clock: Clock) => ({
        throttlers: Object.entries(RATE_LIMITS).map(([name, rule]) => ({ name, limit: rule.limit, ttl: rule.ttl, blockDuration: 0 })),
        storage: new RateLimitStorage(dataSource, clock),
        // No X-RateLimit-* headers on every answer (there were none); the guard sets Retry-After on a 429.
        setHeaders: false,
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }, OverallCap, OverLimit, CountedHitInterceptor],
  exports: [OverallCap, CountedHitInterceptor],
})
export class RateLimitModule {}
