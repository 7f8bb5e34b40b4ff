import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { Clock } from 'src/common/clock';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { isCountable, requestAddress, siteDay, visitHash, visitorKey, visitorNetwork } from './counting';
import { RecentVisits, type RecentVisitsUse } from './recent-visits';

/** How often the counted views are written: one upsert for all of them. */
export const FLUSH_EVERY_MS = 5_000;
/** A visitor's repeat views of one page within this long count once. */
export const REPEAT_WINDOW_MS = 60_000;
/**
 * The visits remembered for REPEAT_WINDOW_MS at most, and their bytes at most (issue 42, F6): about
 * 30,000 visits fit in the bytes, far more than this site's readers open pages in a minute.
 */
export const MAX_REMEMBERED_VISITS = 50_000;
export const MAX_REMEMBERED_BYTES = 4 * 1024 * 1024;
/** The page addresses known to answer under their canonical path, for the page cache's hits (it keeps 500). */
const MAX_KNOWN_PAGES = 2_000;
const MAX_KNOWN_PAGE_BYTES = 1024 * 1024;
/** Paths and addresses longer than this are not counted (no page has one, and the page cache keeps none). */
const MAX_PATH_LENGTH = 300;

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** Whether a conditional request is answered 304 for this ETag (as the page cache answers its hits). */
function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Page views per path per day (issue 32), counted in memory and written every few seconds with one upsert,
 * so a view (a cache hit too) costs a hash and a map update. Only a 200 answered for the page's canonical
 * path counts (issue 42, F7: `/ABOUT/` or `/dive-sites/007` is the same page under another spelling,
 * counted for nothing). Nothing about the visitor is written: the keyed hash that makes a repeat within a
 * minute count once lives only in this process's memory for that minute, bounded (RecentVisits), and an
 * IPv6 visitor is its /64 (each process keeps its own, so with several processes a repeat may count once
 * per process).
 */
@Injectable()
export class PageViewsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PageViews');
  private readonly key: Buffer;
  private pending = new Map<string, number>();
  private readonly recent = new RecentVisits(REPEAT_WINDOW_MS, MAX_REMEMBERED_VISITS, MAX_REMEMBERED_BYTES);
  /**
   * The addresses (path and query) last rendered (200 or 304) as a page for their canonical path, each
   * with its ETag: a page-cache hit on one of them counts (unless it is answered 304), a hit on any other
   * address does not. A hit was rendered by this process first, so its address is here unless pushed out.
   */
  private readonly canonicalPages = new LRUCache<string, string>({
    max: MAX_KNOWN_PAGES,
    maxSize: MAX_KNOWN_PAGE_BYTES,
    sizeCalculation: (etag, url) => 64 + 2 * (url.length + etag.length),
  });
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

  /** The remembered visits and their bounds (issue 42, F6). */
  get remembered(): RecentVisitsUse {
    return this.recent.use;
  }

  /**
   * A page rendered for `url` whose canonical path (its `<link rel="canonical">`) is `canonicalPath`,
   * answered 200 (or 304, `notModified`: remembered for the page cache's hits, which keeps such a render
   * too, but not counted). Counted when the counting rules allow it and `url` is that path (any query aside).
   */
  rendered(request: IncomingMessage, url: string, canonicalPath: string, etag: string | undefined, notModified = false): void {
    if (pathOf(url) !== canonicalPath) {
      this.canonicalPages.delete(url);
      return;
    }
    if (url.length <= MAX_PATH_LENGTH) this.canonicalPages.set(url, etag ?? '');
    if (!notModified) this.count(request, canonicalPath);
  }

  /** A page answered from the page cache for `url` (200, or 304 to a matching If-None-Match). */
  hit(request: IncomingMessage, url: string): void {
    const etag = this.canonicalPages.get(url);
    if (etag === undefined || (etag && notModified(request.headers['if-none-match'], etag))) return;
    this.count(request, pathOf(url));
  }

  private count(request: IncomingMessage, path: string): void {
    if (path.length > MAX_PATH_LENGTH || !isCountable(request.method, request.headers)) return;
    const now = this.clock.now();
    const day = siteDay(now, this.config.siteTimezone);
    const visit = visitHash(this.key, visitorNetwork(requestAddress(request, this.config.trustProxy)), day, path);
    if (!this.recent.first(visit, now.getTime())) return;
    const counted = `${day}|${path}`;
    this.pending.set(counted, (this.pending.get(counted) ?? 0) + 1);
  }

  /** Writes the counted views (one statement) and forgets visitors whose minute has passed. */
  async flush(): Promise<void> {
    this.recent.prune(this.clock.now().getTime());
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
