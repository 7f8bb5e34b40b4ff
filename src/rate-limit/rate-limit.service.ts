import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from 'src/common/clock';
import { errorBody } from 'src/common/error-body';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  resetTime: Date;
}

/**
 * Fixed-window counters in the shared rate_limits table: one atomic upsert per hit, so every server
 * process behind a load balancer counts the same attempts.
 */
@Injectable()
export class RateLimitService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.clock.now();
    const reset = new Date(now.getTime() + windowMs);
    const rows: { count: number; resetTime: Date }[] = await this.dataSource.query(
      `INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ($1, 1, $3)
       ON CONFLICT ("key") DO UPDATE SET
         "count" = CASE WHEN rate_limits."resetTime" <= $2 THEN 1 ELSE rate_limits."count" + 1 END,
         "resetTime" = CASE WHEN rate_limits."resetTime" <= $2 THEN $3 ELSE rate_limits."resetTime" END
       RETURNING "count", "resetTime"`,
      [key, now, reset],
    );
    const { count, resetTime } = rows[0];
    return { allowed: count <= limit, count, resetTime: new Date(resetTime) };
  }

  /** Counts a hit and throws a 429 with `message` when the limit is passed. */
  async consume(key: string, limit: number, windowMs: number, message: string): Promise<void> {
    const result = await this.hit(key, limit, windowMs);
    if (!result.allowed) throw new HttpException(errorBody(429, message), HttpStatus.TOO_MANY_REQUESTS);
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limits WHERE "key" = $1', [key]);
  }

  /** Drops windows that ended, so the table stays small. */
  async prune(): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limits WHERE "resetTime" < $1', [this.clock.now()]);
  }
}
