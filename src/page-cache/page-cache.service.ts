import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { ANY_CONTENT } from 'src/common/cache-tags';
import { InvalidationBus } from './invalidation-bus';

/** Bounds: entries, bytes, and age (pages show times relative to the render, e.g. "3 days ago"). */
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
export const ENTRY_TTL_MS = 60_000;
/**
 * The recent invalidations a render that began before them is checked against. A render older than the
 * oldest one remembered is not kept (at hundreds of writes a second, that is a render of over a second).
 */
const REMEMBERED_INVALIDATIONS = 256;
/**
 * The longest an answer marked stale (a forecast refreshed since its render: `invalidate(tags, { stale: true })`)
 * is served while one request renders it again; past that the requests wait for the render.
 */
export const MAX_STALE_MS = 10_000;
/** A render other requests of its key wait for releases them by then at the latest (one of them then renders). */
const FLIGHT_TIMEOUT_MS = 10_000;
/** A key whose render could not be kept (a 404, a redirect, a cookie set) is rendered for every request, not one after another, this long. */
const UNKEPT_MS = 10_000;

export interface CachedPage {
  /** The answer's status as rendered (only 200 answers are kept today). */
  status: number;
  body: Buffer;
  contentType: string;
  etag: string;
  /**
   * Every header the render's answer carried, as name, value, name, value (Node's raw form, for one
   * writeHead), but the ones made per request or per transfer (PER_REQUEST_HEADERS in the middleware):
   * Content-Type and ETag among them, and X-Total-Count, Link, Content-Language, ... as the route set them.
   */
  headers: readonly string[];
  /** The route's own Vary, if it set one: a hit adds Accept-Encoding to it. */
  vary?: string;
  /** What the answer shows (cache-tags.ts); ANY_CONTENT when its handler declared nothing. */
  tags: readonly string[];
  /** The route pattern that rendered it (`/blog/:slug`), for the metrics of its hits. */
  route?: string;
  /** When its handler said it stops being right (epoch ms; keepAnswerFor in cache-tags.ts), if it did. */
  keepUntil?: number;
  /**
   * When it was marked stale (epoch ms): a forecast it shows was refreshed since its render. Served only while
   * a render of its key is in flight, and for MAX_STALE_MS at most; a hard drop (a write, the TTL at the
   * site's midnight) still removes it at once.
   */
  staleSince?: number;
  /** The body compressed, by encoding (br, gzip, deflate), each made on the first hit that takes it (the byte bound counts only `body`). */
  encoded?: Map<string, Buffer>;
}

/** Tags a write changed, or null for everything. */
export type Changed = readonly string[] | null;

/**
 * How a render that other requests of its key waited for ended: kept (they are answered from the cache),
 * refused because what it shows changed while it rendered or its request went away (one of them renders
 * it again, the others wait once more), failed (a 5xx, the database unavailable: a stale answer is served
 * to them if there is one, else as refused), or not keepable at all (a 404, a redirect, a cookie: each
 * renders its own, and the key is not waited for during UNKEPT_MS).
 */
export type RenderEnd = 'kept' | 'refused' | 'failed' | 'unkept';

/** What changed since a render began, for the answer it made: nothing, only stale-marking changes (since when), or a drop. */
type ChangedSince = { dropped: false; staleSince?: number } | { dropped: true };

/** A strong validator of the body's bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

function touches(page: readonly string[], changed: ReadonlySet<string> | null): boolean {
  if (!changed) return true;
  return page.some((tag) => tag === ANY_CONTENT || changed.has(tag));
}

/**
 * Rendered anonymous answers, in this process's memory (lru-cache: least recently used out, bounded in
 * entries, bytes and age), each with the tags of what it shows. A write drops the answers carrying its
 * tags at once in every process: the writing process drops its own and sends NOTIFY on PostgreSQL with
 * the tags; every process LISTENs on one dedicated connection, drops its matching answers and
 * acknowledges, and the write answers once all have (see invalidate; the notifications are
 * InvalidationBus's, invalidation-bus.ts). A notification without tags (the seed, an operator's
 * `pg_notify('page_cache', 'manual')`) empties everything. While that connection is down nothing is
 * served from or kept in the cache (a notification could be missed), and it is emptied on reconnect.
 */
@Injectable()
export class PageCacheService implements OnApplicationBootstrap, OnModuleDestroy {
  /**
   * Counted for the metrics (src/metrics): answers served from the cache, pages rendered that it could have
   * kept (the middleware counts those), answers pushed out by the entry or byte bound, stale answers served
   * while their key was rendered again, and requests that waited for another's render of their key.
   */
  readonly stats = { hits: 0, misses: 0, evictions: 0, stale: 0, waited: 0 };
  private readonly entries = new LRUCache<string, CachedPage>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    maxEntrySize: MAX_BYTES / 8,
    sizeCalculation: (page) => Math.max(1, page.body.length),
    ttl: ENTRY_TTL_MS,
    dispose: (_page, _key, reason) => {
      if (reason === 'evict') this.stats.evictions++;
    },
  });
  /** Bumped by every invalidation: a render that began before one that touches it is never kept. */
  private sequence = 0;
  private readonly recent: { sequence: number; changed: ReadonlySet<string> | null; stale: boolean; at: number }[] = [];
  /** The renders in flight, by key: a request of the same key that misses waits for it (see lead). */
  private readonly flights = new Map<string, Promise<RenderEnd>>();
  /** Keys whose last render could not be kept: not waited for (RenderEnd 'unkept'). */
  private readonly unkept = new LRUCache<string, true>({ max: 1000, ttl: UNKEPT_MS });
  private readonly listeners: ((changed: Changed) => unknown)[] = [];
  private closed = false;
  /** Other processes' invalidations in, this one's out (PostgreSQL LISTEN/NOTIFY). */
  private readonly bus: InvalidationBus;
  /** How long what is rendered now stays right, in ms, or null when unknown (see limitLifetime). */
  private lifetime: () => number | null = () => Infinity;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
  ) {
    this.bus = new InvalidationBus(dataSource, {
      changed: (changed, stale) => void this.drop(changed, stale),
      reset: () => this.clear(),
    });
  }

  get enabled(): boolean {
    return this.config.pageCache;
  }

  /** Whether the cache may be read and written now. */
  get active(): boolean {
    return this.config.pageCache && this.bus.listening && !this.closed;
  }

  /** Read when a render begins, and handed back to set. */
  get generation(): number {
    return this.sequence;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the kept answers take (their uncompressed bodies). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /**
   * Called in this process for every change it hears of (its own writes and other processes'), so that
   * what is derived from content elsewhere (the sitemap) follows the same tags. A listener may return a
   * promise: this process's own write answers once it has settled.
   */
  onChange(listener: (changed: Changed) => unknown): void {
    this.listeners.push(listener);
  }

  /**
   * Bounds how long an answer is kept, for content that changes by the clock alone (a scheduled post
   * going public): an answer is kept no longer than `bound` says, and not at all while it answers null.
   */
  limitLifetime(bound: () => number | null): void {
    this.lifetime = bound;
  }

  /** How long what is rendered now stays right, in ms (Infinity: until a write), or null when unknown. */
  staysRightFor(): number | null {
    return this.lifetime();
  }

  /** How long an answer rendered now may be kept, in ms (at most ENTRY_TTL_MS), or 0 when it may not be. */
  keepFor(): number {
    const bound = this.staysRightFor();
    return bound === null ? 0 : Math.max(0, Math.floor(Math.min(ENTRY_TTL_MS, bound)));
  }

  /**
   * Read when a render begins, with `generation`, and handed back to set: the time (epoch ms) until
   * which what it renders stays right, so a render that straddles a scheduled moment is not kept past it.
   */
  keepUntil(): number {
    return Date.now() + this.keepFor();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.pageCache) await this.bus.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.clear();
    await this.bus.close();
  }

  /**
   * The kept answer of `key`, fresh or marked stale (`staleSince`; see servesStale); a fresh one is counted
   * as a hit. An answer past its time to live (a site's midnight) is never returned.
   */
  get(key: string): CachedPage | null {
    if (!this.active) return null;
    const page = this.entries.get(key);
    if (!page) return null;
    if (page.staleSince === undefined) this.stats.hits++;
    return page;
  }

  /** Whether an answer marked stale may still be served while its key is rendered again (MAX_STALE_MS). */
  servesStale(page: CachedPage): boolean {
    return page.staleSince !== undefined && Date.now() - page.staleSince <= MAX_STALE_MS;
  }

  /**
   * Keeps a render, unless content it shows was dropped since it began (`generation` as read at its
   * start), until `keepUntil` as read at its start; a render that only a stale-marking change (a forecast
   * refresh) touched since is kept marked stale, so the next request renders it again. Says whether it was
   * kept ('kept'), not kept for now ('refused': dropped by a change since, or nothing is kept while the
   * publishing schedule is read again), or not keepable ('unkept': the cache is off, or the answer is right
   * for no time at all).
   */
  set(key: string, page: CachedPage, generation: number, keepUntil = this.keepUntil()): RenderEnd {
    if (!this.active) return 'unkept';
    const changed = this.changedSince(generation, page.tags);
    if (changed.dropped) return 'refused';
    const bound = this.keepFor();
    // Nothing is kept for a moment (the publishing schedule is read again): the next render will be.
    if (bound < 1) return 'refused';
    const ttl = Math.min(keepUntil - Date.now(), bound);
    if (ttl < 1) return 'unkept';
    this.entries.set(key, changed.staleSince === undefined ? page : { ...page, staleSince: changed.staleSince }, { ttl });
    this.unkept.delete(key);
    return 'kept';
  }

  /** The render of `key` in flight, for a request of the same key to wait for (pageCacheHits); null when none. */
  inFlight(key: string): Promise<RenderEnd> | null {
    return this.flights.get(key) ?? null;
  }

  /**
   * A render of `key` begins: the requests of that key that find no answer (or a stale one past
   * MAX_STALE_MS) wait for it rather than render the same page again, and those that find a stale one are
   * answered with it meanwhile. Returns what to call when it has ended (once; later calls do nothing), or
   * null when another render of the key leads already, or the key's last render could not be kept. A
   * render that does not end within FLIGHT_TIMEOUT_MS releases its waiters. The promise `inFlight` gives
   * says how it ended.
   */
  lead(key: string): ((end: RenderEnd) => void) | null {
    if (!this.active || this.flights.has(key) || this.unkept.has(key)) return null;
    let release!: (how: RenderEnd) => void;
    const flight = new Promise<RenderEnd>((resolve) => (release = resolve));
    this.flights.set(key, flight);
    let ended = false;
    const end = (how: RenderEnd) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      if (this.flights.get(key) === flight) this.flights.delete(key);
      if (how === 'unkept') this.unkept.set(key, true);
      release(how);
    };
    const timer = setTimeout(() => end('refused'), FLIGHT_TIMEOUT_MS);
    timer.unref();
    return end;
  }

  /** Empties this process's cache now. */
  clear(): void {
    void this.drop(null);
  }

  /**
   * Content changed: drop what shows it (`changed` tags, or everything when null) in this process, and
   * tell every other process through PostgreSQL. It resolves once every process listening on the
   * database (this one included, counted beforehand in pg_stat_activity) has acknowledged, or after 1 s:
   * so when the writer answers, no process serves the old answer any more. Everything (null) is never a
   * default: only what says so (an operator's import) drops it.
   *
   * With `stale` (a forecast refresh, issue 46), the answers showing the tags are marked stale instead of
   * dropped: the next request of each renders it again while the others are answered with the stale one
   * (for MAX_STALE_MS at most), so a refresh of every site costs one render per page kept, not one per
   * waiting visitor. Their time to live (a site's midnight) is untouched: that drop stays hard.
   */
  async invalidate(changed: Changed, { stale = false }: { stale?: boolean } = {}): Promise<void> {
    if (changed && changed.length === 0) return;
    const soft = stale && changed !== null;
    const followed = this.drop(changed, soft);
    if (!this.config.pageCache) return followed;
    await Promise.all([this.bus.publish(changed, soft), followed]);
  }

  /**
   * Drops the answers showing `changed` (all when null), or marks them stale (`stale`), and remembers it
   * for renders in flight.
   */
  private drop(changed: Changed, stale = false): Promise<void> {
    const tags = changed ? new Set(changed) : null;
    const at = Date.now();
    this.recent.push({ sequence: ++this.sequence, changed: tags, stale: stale && tags !== null, at });
    if (this.recent.length > REMEMBERED_INVALIDATIONS) this.recent.shift();
    if (!tags) this.entries.clear();
    else if (stale) {
      this.entries.forEach((page) => {
        if (touches(page.tags, tags)) page.staleSince ??= at;
      });
    } else {
      const dropped: string[] = [];
      this.entries.forEach((page, key) => {
        if (touches(page.tags, tags)) dropped.push(key);
      });
      for (const key of dropped) this.entries.delete(key);
    }
    const results = this.listeners.map((listener) => listener(changed));
    return Promise.all(results).then(
      () => undefined,
      () => undefined,
    );
  }

  private changedSince(generation: number, tags: readonly string[]): ChangedSince {
    if (generation === this.sequence) return { dropped: false };
    const oldest = this.recent[0];
    if (!oldest || oldest.sequence > generation + 1) return { dropped: true };
    let staleSince: number | undefined;
    for (const change of this.recent) {
      if (change.sequence <= generation || !touches(tags, change.changed)) continue;
      if (!change.stale) return { dropped: true };
      staleSince ??= change.at;
    }
    return { dropped: false, staleSince };
  }
}
