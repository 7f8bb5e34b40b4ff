/**
 * The only script every page loads. It finds the islands on the page and hydrates each one with its
 * own strategy, fetching React and the island's code only when that island needs them.
 */
import type { ComponentType } from 'react';
import { trackEvent, trackPageView } from './lib/analytics';
import { installImageFallbacks } from './lib/image-fallbacks';
import { isKeptPage } from 'core/offline';

type Loader = () => Promise<object>;

const loaders: Record<string, Loader> = {
  SearchBox: () => import('./islands/SearchBox.js'),
  HeroCarousel: () => import('./islands/HeroCarousel.js'),
  ArticleComments: () => import('./islands/ArticleComments.js'),
  NewsletterSignup: () => import('./islands/NewsletterSignup.js'),
  ContactForm: () => import('./islands/ContactForm.js'),
  DiveSiteExplorer: () => import('./islands/DiveSiteExplorer.js'),
  SiteRatings: () => import('./islands/SiteRatings.js'),
  CopyCoordinates: () => import('./islands/CopyCoordinates.js'),
  AdminDashboard: () => import('./islands/AdminDashboard.js'),
  AdminComments: () => import('./islands/AdminComments.js'),
  AdminRatings: () => import('./islands/AdminRatings.js'),
  AdminDiveSites: () => import('./islands/AdminDiveSites.js'),
  SaveForOffline: () => import('./islands/SaveForOffline.js'),
};

/** Fields whose typed value React reads from `input` events (not checkboxes, radios, files or buttons). */
const TYPED = 'textarea, input:not([type=checkbox], [type=radio], [type=file], [type=hidden], [type=submit], [type=reset], [type=button], [type=image])';

/** What a click works on without the island's code: never held while the island hydrates. */
const WORKS_AS_IS = 'a[href], label, select, input[type=checkbox], input[type=radio]';

/** The value setter of the element's own prototype: it bypasses React's tracking of the value. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/**
 * What was typed or autofilled before hydration is still in the field, but React, which starts from the
 * server's value, never saw it and would write over it on its next render. Each such value is handed to
 * the island as if typed now: React's last known value is set to the server's one (through the tracked
 * setter), the field gets the typed one back (untracked) with its caret, and an `input` event tells React.
 */
function replayTypedValues(root: HTMLElement): void {
  root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED).forEach((field) => {
    const typed = field.value;
    if (typed === field.defaultValue) return;
    const { selectionStart, selectionEnd } = field;
    field.value = field.defaultValue;
    setNativeValue(field, typed);
    if (selectionStart !== null && selectionEnd !== null && document.activeElement === field) field.setSelectionRange(selectionStart, selectionEnd);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * Holds what a visitor does to an island while its code loads, and hands it over once it has hydrated:
 * typed values, the focus (an island that opens on focus would otherwise wait for a second one) and
 * clicks on buttons and the like (held, so that React sees them rather than the bare HTML; WORKS_AS_IS are not). `release` runs
 * even when hydration fails, so a held click then gets the server-rendered behaviour (a form's submit).
 */
function holdInteraction(wrapper: HTMLElement, root: HTMLElement): { release(hydrated: boolean): void } {
  const focusedAtStart = root.contains(document.activeElement) ? document.activeElement : null;
  const clicks: HTMLElement[] = [];
  const holdClick = (event: MouseEvent) => {
    // A link, a checkbox or radio (or its label) and a select work as they are: holding the click would
    // only delay the visit, or undo the choice until the code has come (the island reads it from the form).
    if (!event.isTrusted || !(event.target instanceof HTMLElement) || event.target.closest(WORKS_AS_IS)) return;
    event.preventDefault();
    event.stopPropagation();
    clicks.push(event.target);
  };
  wrapper.addEventListener('click', holdClick, true);
  return {
    release(hydrated) {
      wrapper.removeEventListener('click', holdClick, true);
      if (hydrated) {
        replayTypedValues(root);
        // A client re-render (after a mismatch) replaces the focused element: focus its replacement.
        if (focusedAtStart && !focusedAtStart.isConnected && focusedAtStart.id && document.activeElement === document.body) {
          document.getElementById(focusedAtStart.id)?.focus();
        }
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && root.contains(focused)) {
          focused.dispatchEvent(new FocusEvent('focus'));
          focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        }
      }
      clicks.filter((target) => target.isConnected).forEach((target) => target.click());
    },
  };
}

async function hydrate(wrapper: HTMLElement): Promise<void> {
  const name = wrapper.dataset.island ?? '';
  const loader = loaders[name];
  const root = wrapper.querySelector<HTMLElement>(':scope > [data-island-root]');
  const propsScript = wrapper.querySelector<HTMLScriptElement>(':scope > script[data-island-props]');
  if (!loader || !root) return;
  const held = holdInteraction(wrapper, root);
  let hydrated = false;
  try {
    const props = propsScript?.textContent ? JSON.parse(propsScript.textContent) : {};
    const [{ mount }, module] = await Promise.all([import('./lib/mount.js'), loader()]);
    const exports = module as Record<string, ComponentType<Record<string, unknown>>>;
    await mount(root, exports[name] ?? exports.default, props);
    hydrated = true;
    wrapper.dataset.hydrated = 'true';
  } finally {
    held.release(hydrated);
  }
}

function schedule(wrapper: HTMLElement): void {
  const run = () => void hydrate(wrapper).catch((error) => console.error(`Island ${wrapper.dataset.island} failed`, error));
  switch (wrapper.dataset.hydrate) {
    case 'load':
      run();
      break;
    case 'visible': {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            run();
          }
        },
        { rootMargin: '200px' },
      );
      // The wrapper is display:contents, so observe its rendered child.
      observer.observe((wrapper.querySelector('[data-island-root] > *') as Element | null) ?? wrapper);
      break;
    }
    case 'interaction': {
      const events = ['pointerenter', 'focusin', 'touchstart'] as const;
      const once = () => {
        events.forEach((event) => wrapper.removeEventListener(event, once, true));
        run();
      };
      events.forEach((event) => wrapper.addEventListener(event, once, { capture: true, passive: true }));
      break;
    }
    default:
      if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
      else setTimeout(run, 200);
  }
}

/** Links that report a click (e.g. 'Check Price': data-track="affiliate_click purchase_intent"), without an island. */
function trackClicks(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLElement>('[data-track]');
  if (!link?.dataset.track) return;
  for (const name of link.dataset.track.split(' ')) {
    trackEvent(name, { label: link.dataset.trackLabel, link_url: link.getAttribute('href') ?? undefined });
  }
}

/** The offline service worker, where the server asks for it (html[data-service-worker]; not under test). */
function registerServiceWorker(): void {
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

/** The small screens' search panel (a <details>): opening it puts the caret in its box, ready to type. */
function focusSearchOnOpen(): void {
  const panel = document.querySelector<HTMLDetailsElement>('details[data-panel="search"]');
  panel?.addEventListener('toggle', () => {
    if (panel.open) panel.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
  });
}

installImageFallbacks();
registerServiceWorker();
focusSearchOnOpen();
document.querySelectorAll<HTMLElement>('[data-island]').forEach(schedule);
document.addEventListener('click', trackClicks, { capture: true });
trackPageView();
// Page-level events a view declares, e.g. review_view on a gear review.
document
  .querySelectorAll<HTMLElement>('[data-analytics-event]')
  .forEach((element) =>
    trackEvent(element.dataset.analyticsEvent ?? '', { label: element.dataset.analyticsLabel, content_group: element.dataset.analyticsGroup }),
  );
