import { trackEvent, trackPageView } from '../lib/analytics';

/** Links that report a click (e.g. 'Check Price': data-track="affiliate_click purchase_intent"), without an island. */
function trackClicks(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLElement>('[data-track]');
  if (!link?.dataset.track) return;
  for (const name of link.dataset.track.split(' ')) {
    trackEvent(name, { label: link.dataset.trackLabel, link_url: link.getAttribute('href') ?? undefined });
  }
}

/** The page view, the page-level events a view declares (e.g. review_view on a gear review) and tracked clicks. */
export function trackPage(): void {
  document.addEventListener('click', trackClicks, { capture: true });
  trackPageView();
  document
    .querySelectorAll<HTMLElement>('[data-analytics-event]')
    .forEach((element) =>
      trackEvent(element.dataset.analyticsEvent ?? '', { label: element.dataset.analyticsLabel, content_group: element.dataset.analyticsGroup }),
    );
}
