import type { Request, RequestHandler, Response } from 'express';
import { isApiPath } from 'core/request-kind';
import { errorBody } from 'src/common/error-body';
import { signedInTest } from './cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_ORIGIN_REFUSED = 'Request refused: it did not come from this site';

/**
 * Whether a request was sent by the site's own pages: the browser says so (Sec-Fetch-Site), or its
 * Origin is SITE_URL's. Only SITE_URL's: the Host header is the client's to choose.
 */
export function fromThisSite(request: Request, siteOrigin: string): boolean {
  return request.get('sec-fetch-site') === 'same-origin' || request.get('origin') === siteOrigin;
}

/**
 * Whether a browser sent the request from another page than the site's: it names where it came from
 * (every browser sends Origin with a POST, PUT, PATCH or DELETE, and Sec-Fetch-Site), and that is not here.
 */
export function fromAnotherSite(request: Request, siteOrigin: string): boolean {
  return !fromThisSite(request, siteOrigin) && (request.get('origin') !== undefined || request.get('sec-fetch-site') !== undefined);
}

function refuse(response: Response): void {
  response.status(403).setHeader('Cache-Control', 'no-store');
  response.json(errorBody(403, CROSS_ORIGIN_REFUSED));
}

/**
 * Beside SameSite=Strict: a state-changing request that carries the session cookie must come from the
 * site's own pages (Origin, or Sec-Fetch-Site), else 403. A JSON API write without the cookie is refused
 * the same way when a browser sent it from another site's page; one that names no page at all (a
 * program, not a browser) passes, and it could borrow nothing. Before anything of the body is read.
 */
export function originCheck(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  const signedIn = signedInTest(siteUrl);
  return (request, response, next) => {
    const refused =
      !SAFE_METHODS.has(request.method) &&
      (signedIn(request.headers.cookie) ? !fromThisSite(request, siteOrigin) : isApiPath(request.path) && fromAnotherSite(request, siteOrigin));
    if (refused) refuse(response);
    else next();
  };
}

/**
 * The no-JavaScript form posts (src/forms) answer with a cookie and a redirect a page shows, so another
 * site must not be able to send them: only the site's own pages may (the check the admin writes pass),
 * before anything is counted or stored.
 */
export function sameOriginOnly(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (request, response, next) => {
    if (fromThisSite(request, siteOrigin)) next();
    else refuse(response);
  };
}
