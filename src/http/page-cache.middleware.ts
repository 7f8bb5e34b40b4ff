import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isAdminPath, isApiPath } from 'core/request-kind';
import { answerKeepUntil, gatheredTags, startGathering } from 'src/common/cache-tags';
import type { AppConfig } from 'src/config/app.config';
import { ENTRY_TTL_MS, etagOf, type CachedPage, type PageCacheService } from 'src/page-cache/page-cache.service';
import { countSqlQueries } from 'src/page-cache/sql-count';
import type { FirstAnswer } from './answer-first';
import { hasCookie, signedInTest } from './cookies';
import { COMPRESSION_THRESHOLD, compressed, encodingFor } from './fixed-body';
import { FORM_OUTCOME_COOKIE } from './form-outcome-cookie';
import { newRequestId, routeOf, type RequestFinished } from './logging';

/** What a CDN may do with an anonymous page: keep it a minute, serve it stale while it fetches a new one. */
export const ANONYMOUS_HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** A stale answer's (served while its page is rendered again after a forecast refresh): a CDN asks again each time. */
const STALE_CACHE_CONTROL = 'public, no-cache';
/** ANONYMOUS_HTML_CACHE_CONTROL's stale-while-revalidate, in ms. */
const STALE_MS = 600_000;
/**
 * The anonymous page's Cache-Control: a CDN keeps it no longer than the page stays right, so a scheduled
 * post goes public there at its moment too (no stale-while-revalidate then: that would serve the old
 * page once more after it).
 */
function anonymousCacheControl(cache: PageCacheService, until = Infinity): string {
  const bound = cache.staysRightFor();
  // A page that shows 'today' at a site is right until that site's midnight only (keepAnswerFor): a CDN
  // could serve it s-maxage plus stale-while-revalidate (660 s) after, so nearer than that it is told so.
  const own = until - Date.now();
  const ms = bound === null ? null : own < ENTRY_TTL_MS + STALE_MS ? Math.min(bound, Math.max(0, own)) : bound;
  if (ms === null || ms >= ENTRY_TTL_MS) return ANONYMOUS_HTML_CACHE_CONTROL;
  return `public, max-age=0, s-maxage=${Math.floor(ms / 1000)}`;
}

/** Keys longer than this (long query strings) are rendered every time rather than kept. */
const MAX_KEY_LENGTH = 300;

/**
 * Whether an answer may differ from visitor to visitor: the request is signed in (or was), or it is back
 * from a form posted without JavaScript (its outcome shows on this one answer). Such a request is never
 * answered from the cache, and its answer never kept.
 */
function personalTest(config: AppConfig): (request: IncomingMessage) => boolean {
  const signedIn = signedInTest(config.siteUrl);
  return (request) => signedIn(request.headers.cookie) || hasCookie(request.headers.cookie, FORM_OUTCOME_COOKIE);
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 section 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function isHtml(response: Response): boolean {
  return String(response.getHeader('Content-Type') ?? '').startsWith('text/html');
}

/** Pages and the feeds (/rss.xml, /sitemap.xml): what anonymous visitors and crawlers fetch outside the API. */
const PAGE_TYPES = /^(text\/html|application\/xml|application\/rss\+xml)\b/;

/**
 * The kept body as the client accepts it: compressed once per kept answer and reused, so a hit costs no
 * compression.
 */
function encoded(request: IncomingMessage, page: CachedPage): { body: Buffer; encoding: string | null } {
  if (page.body.length < COMPRESSION_THRESHOLD) return { body: page.body, encoding: null };
  const method = encodingFor(request);
  if (method === 'identity') return { body: page.body, encoding: null };
  const forms = (page.encoded ??= new Map());
  let body = forms.get(method);
  if (!body) {
    body = compressed(page.body, method, 5);
    forms.set(method, body);
  }
  return { body, encoding: method };
}

/**
 * Headers a kept answer never keeps, made per request or per transfer: the date, the request id, cookies
 * (an answer setting one is never kept at all), the cache's own marks, the benchmark's query count, and
 * the length and encoding of the bytes sent (a hit compresses as its own client accepts). Cache-Control
 * of a page is set per answer too (anonymousCacheControl: a scheduled post's moment comes closer), and
 * Vary is kept apart (a hit adds Accept-Encoding to it).
 */
const PER_REQUEST_HEADERS = new Set([
  'date',
  'x-request-id',
  'set-cookie',
  'x-page-cache',
  'x-sql-queries',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'vary',
]);

/**
 * The headers of an answer about to be written, as a kept answer carries them (CachedPage.headers):
 * everything the route, the middlewares before it (the security headers) and the send set, but the
 * per-request ones (and a page's Cache-Control, set for each answer).
 */
function keptHeaders(response: Response, api: boolean): { headers: string[]; vary?: string } {
  const headers: string[] = [];
  let vary: string | undefined;
  // The names as the route spelt them (Node has this on every outgoing message; its types only on a client request's).
  for (const name of (response as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const lower = name.toLowerCase();
    const value = response.getHeader(name);
    if (value === undefined) continue;
    if (lower === 'vary') vary = String(value);
    if (PER_REQUEST_HEADERS.has(lower) || (!api && lower === 'cache-control')) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
  }
  return { headers, vary };
}

/** The route's Vary with Accept-Encoding (a hit's body is negotiated by it), as compression adds it on a render. */
function varyWithEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  if (vary.split(',').some((name) => ['accept-encoding', '*'].includes(name.trim().toLowerCase()))) return vary;
  return `${vary}, Accept-Encoding`;
}

/**
 * Cache hits, answered on the bare Node request before Express sees it (Express's and its middlewares'
 * work per request is most of a hit's cost otherwise): anonymous GET or HEAD whose URL is kept. The same
 * answer as the render that was kept: its status, its headers (the security headers every answer
 * carries, and whatever the route set: X-Total-Count, Link, ...; CachedPage.headers) and its body
 * (compressed once), or a 304; with a request id of its own, and `finished` (the access log and metrics,
 * as requestTracking runs them for the rest) told once it has gone, and the page view told to `viewed`
 * (src/insights). True when it answered; anything else goes on to Express.
 */
export function pageCacheHits(
  cache: PageCacheService,
  config: AppConfig,
  finished: RequestFinished | null,
  viewed?: (request: IncomingMessage, url: string) => void,
): FirstAnswer {
  const personal = personalTest(config);
  // A hit's headers go to writeHead as one flat array (name, value, name, value: Node's raw form), the kept
  // answer's own array copied and the hit's added. Made as an object per hit, they outlived two scavenges
  // and were promoted, about 2 MB each, for mark-compacts to free (3 or 4 a second under load); as an array
  // nothing is (--trace-gc-nvp, 3 s of hits: 0 promoted and no mark-compact, 24,200 to 25,400 req/s against
  // 18,700 to 19,400).
  const answer: FirstAnswer = (request, response, resume) => {
    if (!cache.active || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    if (personal(request)) return false;
    if (config.sqlCountHeader && request.headers['x-page-cache'] === 'bypass') return false;
    const url = request.url ?? '';
    if (url.length > MAX_KEY_LENGTH) return false;
    // Only what the keeping middleware below kept is found: never an admin answer, never a long key.
    const hit = cache.get(url);
    if (hit && hit.staleSince === undefined) return serve(request, response, url, hit, 'hit');
    // No answer, or a stale one (a forecast refreshed since): is the page being rendered now?
    const flight = cache.inFlight(url);
    if (!flight) return false; // this request renders it (the keeping middleware leads: the others wait for it)
    if (hit && cache.servesStale(hit)) {
      cache.stats.stale++;
      return serve(request, response, url, hit, 'stale');
    }
    // One render per page at a time: wait for it, then answer from the cache, or (not kept) go on to Express.
    cache.stats.waited++;
    void flight.then((how) => {
      if (response.destroyed || request.socket.destroyed) return;
      // A page that cannot be kept (a 404): each waiter renders its own, not one after another.
      if (how === 'unkept') return resume(request, response);
      // The render failed (the database unavailable): the stale page if there is one (never past its
      // time to live: a site's midnight), else one waiter renders again and the others wait for it, rather
      // than every waiter asking the database at once.
      const stale = how === 'failed' ? cache.get(url) : null;
      if (stale?.staleSince !== undefined) {
        cache.stats.stale++;
        serve(request, response, url, stale, 'stale');
      } else if (!answer(request, response, resume)) resume(request, response);
    });
    return true;
  };
  return answer;

  /** Answers with a kept answer (`mark`: 'hit', or 'stale' while its page is rendered again). */
  function serve(request: IncomingMessage, response: ServerResponse, url: string, hit: CachedPage, mark: 'hit' | 'stale'): true {
    const method = String(request.method);
    // A reader's page view (src/insights): counted in memory, written in batches.
    if (viewed && method === 'GET' && hit.contentType.startsWith('text/html')) viewed(request, url);
    const started = finished ? performance.now() : 0;
    const id = newRequestId(request);
    // Every header in the one writeHead below: nothing is set on the answer before it.
    const headers = [...hit.headers, 'X-Page-Cache', mark, 'X-Request-Id', id];
    // A stale answer (its page is being rendered again with a newer forecast) is not for a CDN to keep.
    if (!isApiPath(url)) headers.push('Cache-Control', mark === 'stale' ? STALE_CACHE_CONTROL : anonymousCacheControl(cache, hit.keepUntil));
    if (config.sqlCountHeader) headers.push('X-SQL-Queries', '0');
    headers.push('Vary', varyWithEncoding(hit.vary));
    if (matches(request.headers['if-none-match'], hit.etag)) {
      response.writeHead(304, headers);
      response.end();
      finished?.(method, url, 304, performance.now() - started, id, hit.route);
      return true;
    }
    // A HEAD goes as the compression stage sends it on a render: the length of the body as it is, no encoding.
    const { body, encoding } = method === 'HEAD' ? { body: hit.body, encoding: null } : encoded(request, hit);
    if (encoding) headers.push('Content-Encoding', encoding);
    headers.push('Content-Length', String(body.length));
    response.writeHead(hit.status, headers);
    response.end(method === 'HEAD' ? undefined : body);
    finished?.(method, url, hit.status, performance.now() - started, id, hit.route);
    return true;
  }
}

function isJson(response: Response): boolean {
  return String(response.getHeader('Content-Type') ?? '').startsWith('application/json');
}

/**
 * Anonymous GET pages (and JSON API answers) not answered by pageCacheHits: rendered, given an ETag, and
 * kept when the answer is a 200 HTML page (or JSON) that sets no cookie and chose no caching of its own,
 * with the tags its handler declared (cache-tags.ts). Anything with the admin session cookie is rendered
 * every time and is `no-store`. The answer is kept whole: its status, its headers as they are written
 * but the per-request ones (keptHeaders), and its body.
 */
export function pageCacheMiddleware(cache: PageCacheService, config: AppConfig): RequestHandler {
  const personal = personalTest(config);
  return (request: Request, response: Response, next: NextFunction) => {
    // Queries are counted only for the benchmark's X-SQL-Queries header (BENCH_SQL_COUNT=1).
    let counter: { queries: number } | null = null;
    if (config.sqlCountHeader) counter = countSqlQueries(() => handle(request, response, next));
    else handle(request, response, next);
    const writeHead = response.writeHead;
    response.writeHead = function (this: Response, ...args: unknown[]) {
      if (!this.headersSent) {
        // Whatever sets a cookie is personal: never kept by a browser or a shared cache.
        if (this.getHeader('Set-Cookie')) this.setHeader('Cache-Control', 'no-store');
        if (counter) this.setHeader('X-SQL-Queries', String(counter.queries));
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof response.writeHead;
  };

  function handle(request: Request, response: Response, next: NextFunction): void {
    // The admin screens and answers are never kept here (they are no-store, src/admin-auth/admin-headers.ts).
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isAdminPath(request.path)) return next();
    const api = isApiPath(request.path);

    if (personal(request)) {
      // Signed in (or was), or showing a form's outcome: pages may differ, and must never sit in a shared cache.
      patchSend(response, (body) => {
        if (isHtml(response)) response.setHeader('Cache-Control', 'no-store');
        return body;
      });
      return next();
    }

    const key = request.originalUrl;
    const cacheable = cache.active && key.length <= MAX_KEY_LENGTH;
    const generation = cache.generation;
    const keepUntil = cacheable ? cache.keepUntil() : 0;
    let kept: Omit<CachedPage, 'tags' | 'route'> | null = null;
    let body: Buffer | null = null;
    let contentType = '';
    if (cacheable) startGathering(response);
    patchSend(response, (sent) => {
      if (
        response.statusCode !== 200 ||
        typeof sent !== 'string' ||
        !(api ? isJson(response) : PAGE_TYPES.test(String(response.getHeader('Content-Type') ?? '')))
      )
        return sent;
      // An answer that chose its own caching, or is a download, is left alone.
      if (response.getHeader('Cache-Control') || response.getHeader('Content-Disposition')) return sent;
      body = Buffer.from(sent, 'utf8');
      // The type with its charset, as Express's send sets it for a string (and takes away again on a 304).
      contentType = String(response.getHeader('Content-Type'));
      if (!/;\s*charset=/i.test(contentType)) contentType += '; charset=utf-8';
      response.setHeader('Content-Type', contentType);
      response.setHeader('ETag', etagOf(body));
      if (!api) response.setHeader('Cache-Control', anonymousCacheControl(cache, answerKeepUntil(response)));
      if (cacheable) {
        response.setHeader('X-Page-Cache', 'miss');
        cache.stats.misses++;
      }
      return sent;
    });
    if (cacheable && request.method === 'GET') {
      // This render leads: the requests of the same key that miss meanwhile wait for it (pageCacheHits).
      const end = cache.lead(key);
      // Ended at its finish below, or here if the request went away first (its waiters then render).
      if (end) response.once('close', () => end('refused'));
      // The headers as they are written (Express's send has set the type with its charset by then), before
      // compression adds its own.
      beforeHead(response, () => {
        // A 304 (the client had the render's ETag) is kept as the 200 it stands for, with its type.
        if (!body || (response.statusCode !== 200 && response.statusCode !== 304)) return;
        const { headers, vary } = keptHeaders(response, api);
        if (!response.hasHeader('Content-Type')) headers.push('Content-Type', contentType);
        kept = { status: 200, body, contentType, etag: String(response.getHeader('ETag')), headers, vary };
      });
      response.on('finish', () => {
        // An error (the database unavailable, say) is no reason not to keep the page's next render.
        if (response.statusCode >= 500) return end?.('failed');
        // A cookie set on the way out (a session begun) makes the answer personal after all.
        if (!kept || response.getHeader('Set-Cookie') || (response.statusCode !== 200 && response.statusCode !== 304)) return end?.('unkept');
        const own = answerKeepUntil(response);
        const page = { ...kept, tags: gatheredTags(response), route: routeOf(request), ...(own < Infinity ? { keepUntil: own } : {}) };
        // Kept whether or not this render leads (`end?.(cache.set(...))` would not even call set without one).
        const outcome = cache.set(key, page, generation, Math.min(keepUntil, own));
        end?.(outcome);
      });
    }
    next();
  }
}

/** Runs `look` when the answer's status and headers are about to be written, before anything written after it. */
function beforeHead(response: Response, look: () => void): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent) look();
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof response.writeHead;
}

/** Lets `change` see (and set headers for) the body a handler sends, before Express answers it. */
function patchSend(response: Response, change: (body: unknown) => unknown): void {
  const send = response.send;
  let seen = false;
  response.send = function (this: Response, body?: unknown) {
    // res.json calls res.send again with a string: look at the first call only.
    if (!seen) {
      seen = true;
      body = change(body);
    }
    return send.call(this, body);
  } as typeof response.send;
}
