import type { Request, RequestHandler, Response } from 'express';

/**
 * The headers that middlewares (security headers, Permissions-Policy) set on every answer, recorded once
 * at start so that every answer (withFixedHeaders) sets them without running them; a kept answer keeps
 * them with its own. They must not depend on the request: they are recorded for two different requests
 * and must come out the same (a CSP nonce would not, and a hit would send the kept one).
 */
export function fixedHeaders(handlers: RequestHandler[]): Record<string, string> {
  const record = (url: string) => {
    const headers: Record<string, string> = {};
    const response = {
      setHeader: (name: string, value: unknown) => {
        headers[name] = String(value);
      },
      getHeader: (name: string) => headers[name],
      removeHeader: (name: string) => {
        delete headers[name];
      },
      locals: {},
    };
    const request = { method: 'GET', url, originalUrl: url, path: url, headers: {}, secure: false };
    for (const handler of handlers) {
      let passed = false;
      handler(request as unknown as Request, response as unknown as Response, () => {
        passed = true;
      });
      if (!passed) throw new Error('a middleware whose headers the page cache records did not pass the request on at once');
    }
    return headers;
  };
  const headers = record('/');
  if (JSON.stringify(record('/blog/another?x=1')) !== JSON.stringify(headers)) {
    throw new Error('the security headers differ from request to request: the page cache cannot answer hits with fixed ones');
  }
  return headers;
}

/** Sets the recorded headers (fixedHeaders) on every answer: one middleware instead of the dozen that made them. */
export function withFixedHeaders(headers: Record<string, string>): RequestHandler {
  const entries = Object.entries(headers);
  return (_request, response, next) => {
    for (const [name, value] of entries) response.setHeader(name, value);
    next();
  };
}
