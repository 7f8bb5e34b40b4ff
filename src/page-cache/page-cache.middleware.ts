import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isAdminArea } from 'src/admin-auth/admin-headers';
import { sessionCookieName } from 'src/admin-auth/admin-session';
import type { AppConfig } from 'src/config/app.config';
import { countSqlQueries } from './sql-count';
import { etagOf, type CachedPage, type PageCacheService } from './page-cache.service';

/** What a CDN may do with an anonymous page: keep it a minute, serve it stale while it fetches a new one. */
export const ANONYMOUS_HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** Keys longer than this (long query strings) are rendered every time rather than kept. */
const MAX_KEY_LENGTH = 300;

/** The JSON API: its anonymous GET answers are kept too, with their ETag but no public caching. */
const API = /^\/api\//;

function hasCookie(request: Request, name: string): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
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

/**
 * The kept body as the client accepts it: compressed once per kept answer and reused, so a hit costs no
 * compression (the compression middleware leaves an answer that already has a Content-Encoding alone).
 */
function encoded(request: Request, page: CachedPage): { body: Buffer; encoding: string | null } {
  if (page.body.length < 1024) return { body: page.body, encoding: null };
  const accepted = request.acceptsEncodings('br', 'gzip', 'identity');
  if (accepted === 'br') {
    page.br ??= brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length } });
    return { body: page.br, encoding: 'br' };
  }
  if (accepted === 'gzip') {
    page.gzip ??= gzipSync(page.body);
    return { body: page.gzip, encoding: 'gzip' };
  }
  return { body: page.body, encoding: null };
}

function isJson(response: Response): boolean {
  return String(response.getHeader('Content-Type') ?? '').startsWith('application/json');
}

/**
 * Anonymous GET pages (and JSON API answers): answered from the page cache when they are in it (ETag, 304 on a matching
 * If-None-Match), otherwise rendered, and kept when the answer is a 200 HTML page that sets no cookie
 * and asked not to be stored. Anything with the admin session cookie is rendered every time and is
 * `no-store`. Only the body, its type and ETag are kept: every other header is set per request.
 */
export function pageCacheMiddleware(cache: PageCacheService, config: AppConfig): RequestHandler {
  const cookieName = sessionCookieName(config.siteUrl);
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
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isAdminArea(request.path)) return next();
    const api = API.test(request.path);

    if (hasCookie(request, cookieName)) {
      // Signed in (or was): pages may differ, and must never sit in a shared cache.
      patchSend(response, (body) => {
        if (isHtml(response)) response.setHeader('Cache-Control', 'no-store');
        return body;
      });
      return next();
    }

    const key = request.originalUrl;
    const cacheable = cache.active && key.length <= MAX_KEY_LENGTH;
    const bypass = config.sqlCountHeader && request.headers['x-page-cache'] === 'bypass';
    const hit = cacheable && !bypass ? cache.get(key) : null;
    if (hit) {
      response.setHeader('Content-Type', hit.contentType);
      response.setHeader('ETag', hit.etag);
      if (!api) response.setHeader('Cache-Control', ANONYMOUS_HTML_CACHE_CONTROL);
      response.setHeader('X-Page-Cache', 'hit');
      if (matches(request.headers['if-none-match'], hit.etag)) {
        response.status(304).end();
        return;
      }
      const { body, encoding } = encoded(request, hit);
      response.setHeader('Vary', 'Accept-Encoding');
      if (encoding) response.setHeader('Content-Encoding', encoding);
      response.setHeader('Content-Length', String(body.length));
      response.status(200).end(request.method === 'HEAD' ? undefined : body);
      return;
    }

    const generation = cache.generation;
    let kept: { body: Buffer; contentType: string; etag: string } | null = null;
    patchSend(response, (body) => {
      if (response.statusCode !== 200 || typeof body !== 'string' || !(api ? isJson(response) : isHtml(response))) return body;
      // An answer that chose its own caching, or is a download, is left alone.
      if (response.getHeader('Cache-Control') || response.getHeader('Content-Disposition')) return body;
      const bytes = Buffer.from(body, 'utf8');
      const etag = etagOf(bytes);
      response.setHeader('ETag', etag);
      if (!api) response.setHeader('Cache-Control', ANONYMOUS_HTML_CACHE_CONTROL);
      if (cacheable) response.setHeader('X-Page-Cache', 'miss');
      kept = { body: bytes, contentType: String(response.getHeader('Content-Type')), etag };
      return body;
    });
    if (cacheable && request.method === 'GET') {
      response.on('finish', () => {
        if (!kept) return;
        // A cookie set on the way out (a session begun) makes the answer personal after all.
        if (response.getHeader('Set-Cookie') || (response.statusCode !== 200 && response.statusCode !== 304)) return;
        cache.set(key, kept, generation);
      });
    }
    next();
  }
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
