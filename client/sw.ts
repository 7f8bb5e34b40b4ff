/**
 * The service worker (/sw.js, built by scripts/build-client.mjs): divers open dive-site pages at sea,
 * without signal. Pages always come from the network first, so nothing is stale online; the dive-site
 * pages a visitor opened or saved, the explorer's data and this build's files are kept for when the
 * network is gone, and anything else shows the offline page. Admin pages and API writes are never kept.
 */
import {
  assetCacheName,
  CACHE_PREFIX,
  DATA_CACHE,
  isExplorerData,
  isKeptPage,
  MAX_DATA_ENTRIES,
  MAX_OPENED_PAGES,
  OFFLINE_PATH,
  PAGES_CACHE,
  SAVED_CACHE,
  savedPageSource,
  SITE_PAGE,
  type SavePagesMessage,
  type SavePagesReply,
} from 'core/offline';
import { requestKind } from 'core/request-kind';

/** Written in by the build: its id and the public files to keep at install. */
declare const OFFLINE_BUILD: { id: string; precache: string[] };

// The worker's own event types (the WebWorker library cannot share a program with the DOM library).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<readonly { url: string }[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const ASSETS_CACHE = assetCacheName(OFFLINE_BUILD.id);
const origin = worker.location.origin;

/** Where a page is kept: a site's page under its address alone (?show=48 is the same site). */
function pageKey(url: URL): string {
  return SITE_PAGE.test(url.pathname) ? origin + url.pathname : origin + url.pathname + url.search;
}

/** Only whole, shareable answers are kept: no errors, no redirects, nothing marked private or no-store. */
function keepable(response: Response): boolean {
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  return response.status === 200 && response.type === 'basic' && !response.redirected && !/no-store|private/i.test(cacheControl);
}

/** Puts an answer last in its cache, then drops the oldest entries beyond `max`. */
async function keep(cacheName: string, key: string, response: Response, max = Infinity, spare?: (key: string) => boolean): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.delete(key);
  await cache.put(key, response);
  if (max === Infinity) return;
  const keys = (await cache.keys()).filter((request) => !spare?.(request.url));
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((request) => cache.delete(request)));
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS_CACHE);
      await cache.addAll([...OFFLINE_BUILD.precache, new Request(OFFLINE_PATH, { cache: 'reload' })]);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith(`${CACHE_PREFIX}assets-`) && name !== ASSETS_CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await worker.clients.claim();
      // The page that installed the worker loaded before it could keep it: kept now, it opens offline too.
      await keepOpenPages();
      // Kept pages name the old build's files; fetched again now, while there is a network, they name the
      // new ones. Not waited for, so pages are answered meanwhile: a page it misses keeps its old copy.
      if (old.length > 0) void refreshKeptPages();
    })(),
  );
});

async function keepOpenPages(): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window' });
  const urls = windows.map((client) => new URL(client.url)).filter((url) => url.origin === origin && isKeptPage(url.pathname));
  await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await fetch(url.href, { credentials: 'omit' });
        if (keepable(response)) await keep(PAGES_CACHE, pageKey(url), response, MAX_OPENED_PAGES);
      } catch {
        // Offline already: the page is kept the next time it opens.
      }
    }),
  );
}

async function refreshKeptPages(): Promise<void> {
  for (const name of [SAVED_CACHE, PAGES_CACHE]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      try {
        const source = name === SAVED_CACHE ? savedPageSource(new URL(request.url)) : request.url;
        const response = await fetch(source, { cache: 'no-cache', credentials: 'omit' });
        if (keepable(response)) await cache.put(request, response);
      } catch {
        return;
      }
    }
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(event, url));
  } else if (requestKind(url.pathname) === 'admin') {
    return;
  } else if (requestKind(url.pathname) === 'asset') {
    event.respondWith(asset(event, url));
  } else if (isExplorerData(url.pathname) || (request.destination === 'image' && fromKeptPage(request))) {
    event.respondWith(networkFirst(event, DATA_CACHE));
  }
});

/** A page: the network's answer whenever there is one; offline, the kept copy or the offline page. */
async function navigation(event: FetchEvent, url: URL): Promise<Response> {
  const kept = isKeptPage(url.pathname) && requestKind(url.pathname) !== 'admin';
  try {
    const response = await fetch(event.request);
    if (kept && keepable(response)) event.waitUntil(keep(PAGES_CACHE, pageKey(url), response.clone(), MAX_OPENED_PAGES));
    return response;
  } catch {
    const copy = kept
      ? ((await caches.match(pageKey(url), { cacheName: SAVED_CACHE })) ?? (await caches.match(pageKey(url), { cacheName: PAGES_CACHE })))
      : undefined;
    return copy ?? offlinePage();
  }
}

/** Built files never change under their hashed names, so the kept copy is always right. */
async function asset(event: FetchEvent, url: URL): Promise<Response> {
  const cached = await caches.match(event.request, { cacheName: ASSETS_CACHE });
  if (cached) return cached;
  try {
    const response = await fetch(event.request);
    if (keepable(response)) event.waitUntil(keep(ASSETS_CACHE, event.request.url, response.clone()));
    return response;
  } catch (error) {
    // A page kept before the last build names its stylesheet by the old hash: this build's looks the same.
    const current = url.pathname.endsWith('.css') ? OFFLINE_BUILD.precache.find((path) => sameFile(path, url.pathname)) : undefined;
    const substitute = current ? await caches.match(current, { cacheName: ASSETS_CACHE }) : undefined;
    if (substitute) return substitute;
    throw error;
  }
}

/** /assets/app-91bc03d2e4.css and /assets/app-77ce5f00c3.css are two builds of one file. */
function sameFile(a: string, b: string): boolean {
  const unhashed = (path: string) => path.replace(/-[A-Za-z0-9]{8,}(\.\w+)$/, '$1');
  return unhashed(a) === unhashed(b);
}

async function networkFirst(event: FetchEvent, cacheName: string): Promise<Response> {
  try {
    const response = await fetch(event.request);
    // The compact list of every site stays, whatever the cards and images around it push out.
    if (keepable(response))
      event.waitUntil(keep(cacheName, event.request.url, response.clone(), MAX_DATA_ENTRIES, (key) => isExplorerData(new URL(key).pathname)));
    return response;
  } catch (error) {
    const cached = await caches.match(event.request, { cacheName });
    if (cached) return cached;
    throw error;
  }
}

/** An image a kept page shows (its photo, the hero), so the page looks the same offline. */
function fromKeptPage(request: Request): boolean {
  try {
    const referrer = new URL(request.referrer);
    return referrer.origin === origin && isKeptPage(referrer.pathname);
  } catch {
    return false;
  }
}

/** The server's security headers of a page, which an answer the worker writes itself must carry too. */
const SECURITY_HEADERS = [
  'Content-Security-Policy',
  'X-Content-Type-Options',
  'X-Frame-Options',
  'Referrer-Policy',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Cross-Origin-Resource-Policy',
];
/** Without the kept page (its install failed), a policy that allows nothing the bare notice does not need. */
const BARE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The offline page, with links to every page kept on this device (saved ones first), under the page's own CSP. */
async function offlinePage(): Promise<Response> {
  const page = await caches.match(OFFLINE_PATH, { cacheName: ASSETS_CACHE });
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  if (!page) {
    headers.set('Content-Security-Policy', BARE_POLICY);
    return new Response('<!DOCTYPE html><title>You are offline</title><h1>You are offline</h1>', { status: 503, headers });
  }
  for (const name of SECURITY_HEADERS) {
    const value = page.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const links = await keptLinks();
  const html = (await page.text()).replace(/(<ul[^>]*data-kept-pages[^>]*>)[\s\S]*?(<\/ul>)/, (whole, open: string, close: string) =>
    links.length ? open + links.join('') + close : whole,
  );
  return new Response(html, { status: 503, headers });
}

async function keptLinks(): Promise<string[]> {
  const seen = new Set<string>();
  const links: string[] = [];
  for (const name of [SAVED_CACHE, PAGES_CACHE]) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of [...(await cache.keys())].reverse()) {
      const url = new URL(request.url);
      const href = url.pathname + url.search;
      if (seen.has(href)) continue;
      seen.add(href);
      const response = await cache.match(request);
      const title = (response && (await titleOf(response))) || href;
      links.push(`<li><a class="font-semibold text-cyan-800 underline" href="${escapeAttribute(href)}">${title}</a></li>`);
    }
  }
  return links;
}

/**
 * The page's title without the site name, read from the start of the kept page only. It is the server's
 * HTML text (already escaped), so it goes back into HTML as it is.
 */
async function titleOf(response: Response): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return null;
  const decoder = new TextDecoder();
  let head = '';
  while (!head.includes('</title>') && head.length < 65_536) {
    const { done, value } = await reader.read();
    if (done) break;
    head += decoder.decode(value, { stream: true });
  }
  void reader.cancel();
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  return title ? title.split(' | ')[0] : null;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

worker.addEventListener('message', (event) => {
  const message = event.data as Partial<SavePagesMessage> | null;
  const port = event.ports[0];
  if (message?.type !== 'save-pages' || !Array.isArray(message.paths) || !port) return;
  event.waitUntil(savePages(message.paths).then((reply) => port.postMessage(reply)));
});

/** 'Save for offline': fetches the pages now and keeps them apart from the opened ones, never pushed out. */
async function savePages(paths: unknown[]): Promise<SavePagesReply> {
  const reply: SavePagesReply = { saved: 0, failed: 0 };
  await Promise.all(
    paths.map(async (path) => {
      const url = typeof path === 'string' ? new URL(path, origin) : null;
      if (!url || url.origin !== origin || !isKeptPage(url.pathname)) {
        reply.failed += 1;
        return;
      }
      try {
        // A site's page with 14 days of tides (issue 46), kept under its own address.
        const response = await fetch(savedPageSource(url), { cache: 'no-cache', credentials: 'omit' });
        if (!keepable(response)) throw new Error(`${url.pathname} answered ${response.status}`);
        await keep(SAVED_CACHE, pageKey(url), response);
        reply.saved += 1;
      } catch {
        reply.failed += 1;
      }
    }),
  );
  return reply;
}
