/**
 * Analytics events (SPEC section 7) through Google's gtag.js. The server renders the page with
 * data-analytics-id on <html> and the gtag.js script only when ANALYTICS_ID is set; without it every
 * call here is a no-op and nothing is loaded.
 */
type Params = Record<string, string | number | boolean | undefined>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let configuredFor: string | null = null;

/** gtag.js reads each command from the data layer as an Arguments object, not an array. */
function gtag(..._command: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- gtag.js needs the Arguments object itself; an array is ignored
  (window.dataLayer ??= []).push(arguments);
}

/** The analytics id once the tag is configured, or null when analytics is off. */
function analyticsId(): string | null {
  if (typeof document === 'undefined') return null;
  const id = document.documentElement.dataset.analyticsId;
  if (!id) return null;
  if (configuredFor !== id) {
    configuredFor = id;
    // The page's content group (e.g. 'Gear Reviews' on a review) goes with the config, as SPEC asks.
    const group = document.querySelector<HTMLElement>('[data-analytics-group]')?.dataset.analyticsGroup;
    gtag('js', new Date());
    gtag('config', id, { send_page_view: false, ...(group ? { content_group: group } : {}) });
  }
  return id;
}

export function trackEvent(action: string, params: Params = {}): void {
  if (!analyticsId()) return;
  gtag('event', action, params);
}

export function trackPageView(): void {
  if (!analyticsId()) return;
  gtag('event', 'page_view', { page_path: location.pathname + location.search });
}
