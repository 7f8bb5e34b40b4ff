/**
 * The image endpoint's path (src/images): outside /api, since pages point <img> at it, yet its refusals
 * are JSON like the API's. Kept here so the error handling needs nothing from the images module.
 */
export const IMAGE_ROUTE = '/img';

/** Paths whose errors are the API's JSON body whatever the client accepts (in any letter case, as routed). */
export function isJsonRoute(path: string): boolean {
  const lower = path.toLowerCase();
  return lower.startsWith('/api/') || lower === '/api' || lower === IMAGE_ROUTE;
}
