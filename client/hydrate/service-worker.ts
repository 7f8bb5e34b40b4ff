import { isKeptPage } from 'core/offline';

/** The offline service worker, where the server asks for it (html[data-service-worker]; not under test). */
export function registerServiceWorker(): void {
  const url = document.documentElement.dataset.serviceWorker;
  if (!url || !('serviceWorker' in navigator)) return;
  // Only the dive-site pages are kept for offline use, so only they install the worker: the rest of the
  // site never pays for it (once installed, the browser checks it for updates on every visit by itself).
  if (!isKeptPage(location.pathname)) return;
  const register = () => navigator.serviceWorker.register(url, { scope: '/' }).catch((error) => console.warn('The offline service worker failed', error));
  // Once the page has loaded and the browser is idle, so installing the worker (it fetches the files the
  // dive-site pages use) never competes with the page's own work.
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => void register(), { timeout: 5000 }) : setTimeout(() => void register(), 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
