import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** Whether a Cache-Control value lets a shared cache (a CDN, a proxy) keep the answer for everyone. */
export function isPublicCacheControl(value: unknown): boolean {
  return /(^|[\s,])public([\s,=]|$)/i.test(Array.isArray(value) ? value.join(',') : String(value ?? ''));
}

/** The Cache-Control among the headers handed to writeHead (an object; Node's flat array form too). */
function cacheControlIn(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'cache-control') return headers[i + 1];
    return undefined;
  }
  if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) if (name.toLowerCase() === 'cache-control') return value;
  }
  return undefined;
}

/**
 * No Set-Cookie on an answer that is `Cache-Control: public` (issue 42, F9): a shared cache would keep the
 * cookie with the answer and hand it to everyone. The signed-in administrator's rolling session cookie is
 * added as the headers leave (express-session), after the page cache's check for cookies: this runs later
 * still, so it is mounted before the session layer (an earlier patch of writeHead runs after the later
 * ones). A public answer (an image, the guide PDF, the web manifest) leaves without the cookie; the
 * session rolls on with the next private answer. Only requests that carry a cookie are looked at.
 */
export const noCookieOnPublicAnswers: RequestHandler = (request, response, next) => {
  if (request.headers.cookie) {
    const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!this.headersSent && this.hasHeader('Set-Cookie')) {
        const given = cacheControlIn(typeof args[1] === 'string' ? args[2] : args[1]);
        if (isPublicCacheControl(this.getHeader('Cache-Control')) || isPublicCacheControl(given)) this.removeHeader('Set-Cookie');
      }
      return writeHead.apply(this, args);
    } as typeof response.writeHead;
  }
  next();
};
