import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { isAdminArea } from 'src/admin-auth/admin-headers';
import { sessionCookieName } from 'src/admin-auth/admin-session';
import { hasCookie } from 'src/common/cookies';
import type { AppConfig } from 'src/config/app.config';
import type { PageViewsService } from './page-views.service';

/** Told of a page answered to `request` for `url` (its path and query). */
export type PageViewed = (request: IncomingMessage, url: string) => void;

/**
 * Whether an answered request is a reader's page view: a page (HTML, 200 or 304) outside the admin area
 * and the previews of unpublished posts, and not by the signed-in administrator. The counting rules (bots, prefetch, HEAD) are PageViewsService's.
 */
export function pageViewCounter(views: PageViewsService, config: AppConfig): PageViewed {
  const cookieName = sessionCookieName(config.siteUrl);
  return (request, url) => {
    if (isAdminArea(url) || url.startsWith('/preview/') || hasCookie(request.headers.cookie, cookieName)) return;
    views.viewed(request, url);
  };
}

/** Counts the pages Express answers (the page cache's hits are counted where it answers them). */
export function countPageViews(counted: PageViewed): RequestHandler {
  return (request, response, next) => {
    if (request.method === 'GET') {
      response.once('finish', () => {
        if ((response.statusCode === 200 || response.statusCode === 304) && String(response.getHeader('Content-Type') ?? '').startsWith('text/html'))
          counted(request, request.originalUrl);
      });
    }
    next();
  };
}
