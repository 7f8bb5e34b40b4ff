import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { errorBody } from 'src/common/error-body';
import type { RequestFinished } from 'src/http/logging';
import type { ImagesService } from 'src/images/images.service';
import type { MailService } from 'src/mail/mail.service';
import type { PageCacheService } from 'src/page-cache/page-cache.service';

export const METRICS_PATH = '/metrics';

/** What the metrics read at each scrape. */
export interface MetricSources {
  pageCache: PageCacheService;
  dataSource: DataSource;
  mail: MailService;
  images: ImagesService;
}

/** node-postgres's pool behind TypeORM's PostgreSQL driver. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** A request's route label: the pattern it matched, else what served it, never its raw path (unbounded). */
function routeLabel(url: string, route: string | undefined, status: number): string {
  if (route) return route;
  if (url.startsWith('/assets/')) return '/assets/*';
  if (url.startsWith('/media/')) return '/media/*';
  return status === 404 ? '(unmatched)' : '(other)';
}

/**
 * The Prometheus metrics (prom-client) of one process, on a registry of its own: requests and their
 * latency by method, route and status; the page cache's hits, misses, evictions and size; the database
 * pool's connections in use, idle and waiting; the mail being sent; the image work running and waiting;
 * and prom-client's process metrics (event-loop lag, heap, GC, CPU). Only the request histogram costs
 * anything per request (one observation, its labels looked up by a string key); the rest is read when
 * scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  /** The label objects by `method route status`, so an observation builds none. */
  private readonly labels = new Map<string, { method: string; route: string; status: string }>();

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request reaching the server to its answer finishing, by method, route pattern and status (its _count: the requests)',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    const { pageCache, dataSource, mail, images } = sources;
    const counted = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    counted('page_cache_hits_total', 'Answers served from the page cache', () => pageCache.stats.hits);
    counted('page_cache_misses_total', 'Anonymous pages rendered that the page cache could keep', () => pageCache.stats.misses);
    counted('page_cache_evictions_total', 'Kept answers pushed out of the page cache by its entry or byte bound', () => pageCache.stats.evictions);
    counted('page_cache_stale_total', 'Stale answers served while their page was rendered again (a forecast refresh)', () => pageCache.stats.stale);
    counted('page_cache_waited_total', "Requests that waited for another request's render of the same page", () => pageCache.stats.waited);
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('page_cache_entries', 'Answers the page cache holds', () => pageCache.size);
    gauge('page_cache_bytes', 'Bytes of the answers the page cache holds (uncompressed)', () => pageCache.bytes);
    const pool = () => (dataSource.driver as unknown as { master?: PoolCounts }).master;
    gauge('db_pool_connections_in_use', 'Database connections running a query or transaction', () => {
      const counts = pool();
      return counts ? counts.totalCount - counts.idleCount : 0;
    });
    gauge('db_pool_connections_idle', 'Database connections open and idle', () => pool()?.idleCount ?? 0);
    gauge('db_pool_waiting', 'Queries waiting for a database connection', () => pool()?.waitingCount ?? 0);
    gauge('mail_queue_depth', 'Emails being composed, sent or kept in the outbox right now', () => mail.queueDepth);
    new Gauge({
      name: 'image_work_queue',
      help: 'Image work (encode: resizing and encoding; download: remote sources) running and waiting for a turn',
      labelNames: ['kind', 'state'],
      registers,
      collect() {
        for (const [kind, { running, waiting }] of Object.entries(images.workQueue)) {
          this.set({ kind, state: 'running' }, running);
          this.set({ kind, state: 'waiting' }, waiting);
        }
      },
    });
  }

  /** Told of every answer (requestTracking, and the page cache's hits). */
  readonly observe: RequestFinished = (method, url, status, ms, _id, route) => {
    const label = routeLabel(url, route, status);
    const key = `${method} ${label} ${status}`;
    let labels = this.labels.get(key);
    if (!labels) {
      labels = { method, route: label, status: String(status) };
      this.labels.set(key, labels);
    }
    this.requests.observe(labels, ms / 1000);
  };
}

/** A digest of the token, so that comparing two of them takes the same time whatever they hold. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics`: the Prometheus text, for `Authorization: Bearer <METRICS_TOKEN>` only (401 otherwise,
 * the token compared in constant time). Never cached (no-store), and mounted ahead of the page cache.
 */
export function metricsEndpoint(metrics: Metrics, token: string): RequestHandler {
  const expected = digest(token);
  return (request, response, next) => {
    if (request.path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
    response.setHeader('Cache-Control', 'no-store');
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      response.status(401).json(errorBody(401, 'The metrics need Authorization: Bearer followed by METRICS_TOKEN'));
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.setHeader('Content-Type', metrics.registry.contentType);
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => next(error),
    );
  };
}
