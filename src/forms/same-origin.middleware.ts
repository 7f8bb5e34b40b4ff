import type { RequestHandler } from 'express';
import { CROSS_ORIGIN_REFUSED, fromThisSite } from 'src/admin-auth/origin-check.middleware';
import { errorBody } from 'src/common/error-body';

/**
 * The no-JavaScript form posts answer with a cookie and a redirect a page shows, so another site must
 * not be able to send them: only the site's own pages may (the check the admin writes pass), before
 * anything is counted or stored.
 */
export function sameOriginOnly(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (request, response, next) => {
    if (fromThisSite(request, siteOrigin)) return next();
    response.status(403).setHeader('Cache-Control', 'no-store');
    response.json(errorBody(403, CROSS_ORIGIN_REFUSED));
  };
}
