/**
 * What kind of request an address is, asked by the server (src/http: the page cache, the body reader,
 * the origin check, the error filter, page views) and by the service worker (client/sw.ts): the one place
 * that decides it. Paths are compared in any letter case, as Express routes them.
 */

/**
 * - `admin`: the admin screens (/admin/...) and the admin API (/api/admin/...): never cached, never counted;
 * - `api`: the rest of the JSON API (/api/...);
 * - `asset`: the build's hashed files (/assets/...), the same bytes for ever under one name;
 * - `page`: everything else a reader fetches (pages, feeds, the sitemap, media, images).
 */
export type RequestKind = 'admin' | 'api' | 'asset' | 'page';

/**
 * The image endpoint's path (src/images): outside /api, since pages point <img> at it, yet its refusals
 * are JSON like the API's.
 */
export const IMAGE_ROUTE = '/img';

const ADMIN = /^\/(api\/)?admin(\/|$)/i;
const API = /^\/api(\/|$)/i;
const ASSET = /^\/assets\//i;

/** The kind of the request for this path (no query string). */
export function requestKind(path: string): RequestKind {
  if (ADMIN.test(path)) return 'admin';
  if (API.test(path)) return 'api';
  if (ASSET.test(path)) return 'asset';
  return 'page';
}

/** The admin screens and the admin API. */
export const isAdminPath = (path: string): boolean => ADMIN.test(path);

/** The JSON API, the admin API included. */
export const isApiPath = (path: string): boolean => API.test(path);

/** Paths whose errors are the API's JSON body whatever the client accepts: the API and the image endpoint. */
export const isJsonRoute = (path: string): boolean => API.test(path) || path.toLowerCase() === IMAGE_ROUTE;
