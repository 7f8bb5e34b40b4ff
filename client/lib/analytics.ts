/**
 * Analytics events (SPEC section 7). They go to the gtag-style data layer when the page was rendered
 * with an analytics id (the server sets data-analytics-id on <html>); without one every call is a no-op.
 */
type Params = Record<string, string | number | boolean | undefined>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function enabled(): boolean {
  return typeof document !== 'undefined' && !!document.documentElement.dataset.analyticsId;
}

export function trackEvent(action: string, params: Params = {}): void {
  if (!enabled()) return;
  (window.dataLayer ??= []).push(['event', action, params]);
}

export function trackPageView(): void {
  if (!enabled()) return;
  (window.dataLayer ??= []).push(['event', 'page_view', { page_path: location.pathname + location.search }]);
}
