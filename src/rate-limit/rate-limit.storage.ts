import type { ThrottlerStorage } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';
import type { Clock } from 'src/common/clock';

/** What increment() answers (the package does not export the interface by name). */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

const secondsUntil = (end: Date, now: Date) => Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 1000));

/**
 * @nestjs/throttler's counters in the shared rate_limits table, one row per limit and client
 * ("login:203.0.113.10"), so every server process behind a load balancer counts the same requests.
 *
 * A fixed window of `ttl` starts at the first hit; every hit counts, and once the count is past the limit
 * each hit is refused until the window ends. A `blockDuration` longer than what is left of the window
 * stretches the window from the hit that went over (the site's limits use 0: refused until the window
 * ends). One upsert per hit, so two processes counting at once never lose a hit.
 */
export class RateLimitStorage implements ThrottlerStorage {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const now = this.clock.now();
    const rows: { count: number; resetTime: Date }[] = await this.dataSource.query(
      `INSERT INTO rate_limits ("key", "count", "resetTime") VALUES ($1, 1, $3)
       ON CONFLICT ("key") DO UPDATE SET
         "count" = CASE WHEN rate_limits."resetTime" <= $2 THEN 1 ELSE rate_limits."count" + 1 END,
         "resetTime" = CASE
           WHEN rate_limits."resetTime" <= $2 THEN $3
           WHEN rate_limits."count" = $4 THEN GREATEST(rate_limits."resetTime", $5)
           ELSE rate_limits."resetTime" END
       RETURNING "count", "resetTime"`,
      [storedKey(throttlerName, key), now, new Date(now.getTime() + ttl), limit, new Date(now.getTime() + blockDuration)],
    );
    const totalHits = rows[0].count;
    const timeToExpire = secondsUntil(new Date(rows[0].resetTime), now);
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }

  /** A counter as it stands, without counting a hit: null when it has none in a live window. */
  async peek(throttlerName: string, key: string): Promise<{ totalHits: number; timeToExpire: number; resetTime: Date } | null> {
    const now = this.clock.now();
    const rows: { count: number; resetTime: Date }[] = await this.dataSource.query(
      'SELECT "count", "resetTime" FROM rate_limits WHERE "key" = $1 AND "resetTime" > $2',
      [storedKey(throttlerName, key), now],
    );
    if (!rows[0]) return null;
    const resetTime = new Date(rows[0].resetTime);
    return { totalHits: rows[0].count, timeToExpire: secondsUntil(resetTime, now), resetTime };
  }

  /** Hands one counted hit back (see GiveBack in rate-limits.ts). */
  async giveBack(throttlerName: string, key: string): Promise<void> {
    await this.dataSource.query(`UPDATE rate_limits SET "count" = "count" - 1 WHERE "key" = $1 AND "count" > 0`, [storedKey(throttlerName, key)]);
  }

  /**
   * Drops the rows whose window has ended. Safe beside other processes: a row another process renews at
   * the same moment no longer matches once its update commits, so PostgreSQL leaves it.
   */
  async prune(): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limits WHERE "resetTime" <= $1', [this.clock.now()]);
  }
}

function storedKey(throttlerName: string, key: string): string {
  return `${throttlerName}:${key}`;
}
