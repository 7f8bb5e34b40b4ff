import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { isAdminPath } from 'core/request-kind';
import { signedInTest } from 'src/http/cookies';
import type { AppConfig } from 'src/config/app.config';
import type { PageViewsService } from './page-views.service';

/** Told of a page answered to `request` for `url` (its path and query). */
export type PageViewed = (request: IncomingMessage, url: string) => void;

/** How far into a page its `<link rel="canonical">` is looked for: it is in the head, near the top. */
const HEAD_LENGTH = 16_384;
const CANONICAL = '<link rel="canonical" href="';

/**
 * Whether a request may be a reader's page view: outside the admin area and the previews of unpublished
 * posts, and not by the signed-in administrator. The counting rules (bots, prefetch, HEAD, the canonical
 * path, a visitor's repeats) are PageViewsService's.
 */
function readerRequest(siteUrl: string): (request: IncomingMessage, url: string) => boolean {
  const signedIn = signedInTest(siteUrl);
  return (request, url) => !isAdminPath(url) && !url.startsWith('/preview/') && !signedIn(request.headers.cookie);
}

/** The page cache's hits (src/page-cache): told to PageViewsService, which knows which addresses count. */
export function pageViewCounter(views: PageViewsService, config: AppConfig): PageViewed {
  const reader = readerRequest(config.siteUrl);
  return (request, url) => {
    if (reader(request, url)) views.hit(request, url);
  };
}

/**
 * The path of a rendered page's canonical URL (src/render: every page has one, `meta.path` on the site's
 * address), or null for an answer that names none.
 */
export function canonicalPath(html: string, siteUrl: string): string | null {
  if (!html.startsWith('<!DOCTYPE html>')) return null;
  const start = html.slice(0, HEAD_LENGTH).indexOf(CANONICAL);
  if (start === -1) return null;
  const from = start + CANONICAL.length;
  const end = html.indexOf('"', from);
  if (end === -1) return null;
  const href = html.slice(from, end).replaceAll('&amp;', '&');
  if (!href.startsWith(`${siteUrl}/`)) return null;
  const path = href.slice(siteUrl.length);
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

/**
 * Counts the pages Express answers (the page cache's hits are counted where it answers them): a 200 HTML
 * page, told to PageViewsService with the canonical path its body names. A 304 is told too (the page cache
 * keeps its render) but counts nothing; a 404 or a redirect is not told.
 */
export function countPageViews(views: PageViewsService, config: AppConfig): RequestHandler {
  const reader = readerRequest(config.siteUrl);
  return (request, response, next) => {
    if (request.method === 'GET' && reader(request, request.originalUrl)) {
      let canonical: string | null = null;
      let seen = false;
      const send = response.send;
      response.send = function (this: Response, body?: unknown) {
        // res.json calls send again with a string: the first call decides.
        if (!seen && typeof body === 'string') canonical = canonicalPath(body, config.siteUrl);
        seen = true;
        return send.call(this, body);
      } as typeof response.send;
      response.once('finish', () => {
        // Only a page (a body that begins <!DOCTYPE html>) has a canonical path. A 304 has lost its type.
        const { statusCode } = response;
        if (canonical === null || (statusCode !== 200 && statusCode !== 304)) return;
        if (statusCode === 200 && !String(response.getHeader('Content-Type') ?? '').startsWith('text/html')) return;
        const etag = response.getHeader('ETag');
        views.rendered(request, request.originalUrl, canonical, typeof etag === 'string' ? etag : undefined, statusCode === 304);
      });
    }
    next();
  };
}
