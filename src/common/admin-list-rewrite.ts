import type { NextFunction, Request, Response } from 'express';

const ADMIN_LISTS = new Set(['/api/articles', '/api/reviews', '/api/products', '/api/carousel-videos']);

/**
 * SPEC section 7 asks for the admin lists at `GET /api/articles?admin=true` (and reviews, products,
 * carousel). Routing them to `/api/admin/...` lets those handlers carry the admin guard like every
 * other admin endpoint, instead of each public handler checking the session by hand.
 */
export function adminListRewrite(request: Request, _response: Response, next: NextFunction): void {
  if (request.method === 'GET' && ADMIN_LISTS.has(request.path) && request.query.admin === 'true') {
    request.url = request.url.replace('/api/', '/api/admin/');
  }
  next();
}
