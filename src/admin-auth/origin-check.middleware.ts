import type { Request, RequestHandler } from 'express';
import { hasCookie } from 'src/common/cookies';
import { errorBody } from 'src/common/error-body';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_ORIGIN_REFUSED = 'Request refused: it did not come from this site';

/** Whether a request was sent by the site's own pages (Sec-Fetch-Site, or an Origin naming this site). */
export function fromThisSite(request: Request, siteOrigin: string): boolean {
  if (request.get('sec-fetch-site') === 'same-origin') return true;
  const origin = request.get('origin');
  if (!origin) return false;
  return origin === siteOrigin || origin === `${request.protocol}://${request.get('host')}`;
}

/**
 * Beside SameSite=Strict: a state-changing request that carries the session cookie must come from the
 * site's own pages (Origin, or Sec-Fetch-Site), else 403. Requests without the cookie (the public forms)
 * rely on nothing a forged request could borrow, so they pass.
 */
export function originCheck(siteUrl: string, cookieName: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (request, response, next) => {
    if (SAFE_METHODS.has(request.method) || !hasCookie(request.headers.cookie, cookieName) || fromThisSite(request, siteOrigin)) {
      next();
      return;
    }
    response.status(403).setHeader('Cache-Control', 'no-store');
    response.json(errorBody(403, CROSS_ORIGIN_REFUSED));
  };
}
