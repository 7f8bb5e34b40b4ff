import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { isCountable, requestAddress, siteDay, visitorHash, visitorKey } from './counting';

/** How often the counted views are written: one upsert for all of them. */
export const FLUSH_EVERY_MS = 5_000;
/** A visitor's repeat views of one page within this long count once. */
export const REPEAT_WINDOW_MS = 60_000;
/** Paths longer than this are not counted (no page has one). */
const MAX_PATH_LENGTH = 300;

/**
 * Page views per path per day (issue 32), counted in memory and written every few seconds with one upsert,
 * so a view (a cache hit too) costs a hash and a map update. Nothing about the visitor is written: the
 * keyed hash that makes a repeat within a minute count once lives only in this process's memory for that
 * minute (each process keeps its own, so with several processes a repeat may count once per process).
 */
@Injectable()
export class PageViewsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PageViews');
  private readonly key: Buffer;
  private pending = new Map<string, number>();
  private recent = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = visitorKey(config.sessionSecret);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Counts a page answered to `request` (a 200 or 304 HTML page) when the counting rules allow it. */
  viewed(request: IncomingMessage, url: string): void {
    if (!isCountable(request.method, request.headers)) return;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path.length > MAX_PATH_LENGTH) return;
    const now = this.clock.now();
    const day = siteDay(now, this.config.siteTimezone);
    const seen = `${visitorHash(this.key, requestAddress(request, this.config.trustProxy), day)}|${path}`;
    const until = this.recent.get(seen);
    if (until !== undefined && until > now.getTime()) return;
    this.recent.set(seen, now.getTime() + REPEAT_WINDOW_MS);
    const counted = `${day}|${path}`;
    this.pending.set(counted, (this.pending.get(counted) ?? 0) + 1);
  }

  /** Writes the counted views (one statement) and forgets visitors whose minute has passed. */
  async flush(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const [seen, until] of this.recent) if (until <= now) this.recent.delete(seen);
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const days: string[] = [];
    const paths: string[] = [];
    const counts: number[] = [];
    for (const [counted, views] of batch) {
      const split = counted.indexOf('|');
      days.push(counted.slice(0, split));
      paths.push(counted.slice(split + 1));
      counts.push(views);
    }
    try {
      await this.dataSource.query(
        `INSERT INTO page_views (day, path, views) SELECT * FROM unnest($1::date[], $2::varchar[], $3::int[])
         ON CONFLICT (day, path) DO UPDATE SET views = page_views.views + EXCLUDED.views`,
        [days, paths, counts],
      );
    } catch (error) {
      // Kept for the next flush (the database may be back by then).
      for (const [counted, views] of batch) this.pending.set(counted, (this.pending.get(counted) ?? 0) + views);
      this.logger.warn(`Writing page views failed: ${(error as Error).message}`);
    }
  }
}
