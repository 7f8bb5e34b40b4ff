/**
 * What the service worker (client/sw.ts), the 'Save for offline' island and the server agree on: the
 * cache names, which addresses are kept for offline use, and the message that saves pages.
 */

/** Where the service worker is served (scope `/`, so it sees every page). */
export const SERVICE_WORKER_PATH = '/sw.js';
/** The page shown for a navigation that failed offline and was never kept. */
export const OFFLINE_PATH = '/offline';

/** Every cache the worker owns starts with this, so it can tell them from anything else on the origin. */
export const CACHE_PREFIX = 'adg-';
/** The build's own files (stylesheets, scripts, the offline page): one cache per build, the old ones deleted. */
export const assetCacheName = (buildId: string) => `${CACHE_PREFIX}assets-${buildId}`;
/** Dive-site pages the visitor opened (the most recent ones). */
export const PAGES_CACHE = `${CACHE_PREFIX}pages`;
/** Dive-site pages the visitor saved with 'Save for offline': kept until the browser clears them. */
export const SAVED_CACHE = `${CACHE_PREFIX}saved`;
/** The explorer's data (the compact site list, cards) and the images of kept pages. */
export const DATA_CACHE = `${CACHE_PREFIX}data`;

/** How many opened (not saved) pages are kept; the oldest go first. */
export const MAX_OPENED_PAGES = 60;
/** How many entries the data cache holds at most; the oldest go first. */
export const MAX_DATA_ENTRIES = 300;

/** /dive-sites/{id}: a site's page, kept under its address without the query (e.g. ?show=48). */
export const SITE_PAGE = /^\/dive-sites\/\d+$/;

/** Issue 46: a site's page saved for offline carries this many days of tides, computed when it was saved. */
export const OFFLINE_TIDE_DAYS = 14;

/** The address a saved page is fetched from: a site's page with OFFLINE_TIDE_DAYS of tides (`?tides=14`); kept under its own address. */
export function savedPageSource(url: URL): string {
  if (!SITE_PAGE.test(url.pathname)) return url.href;
  return new URL(`${url.pathname}?tides=${OFFLINE_TIDE_DAYS}`, url.origin).href;
}

/** The pages kept when opened: the dive-site list and each site's page. */
export const isKeptPage = (pathname: string): boolean => pathname === '/dive-sites' || SITE_PAGE.test(pathname);

/** The explorer's GET answers (the compact list of every site and the cards), kept for the map offline. */
export const isExplorerData = (pathname: string): boolean => /^\/api\/dive-sites\/(map|cards)$/.test(pathname);

/** The message a page posts to the worker to keep pages explicitly, answered on the port it sends. */
export interface SavePagesMessage {
  type: 'save-pages';
  paths: string[];
}

export interface SavePagesReply {
  saved: number;
  failed: number;
}
