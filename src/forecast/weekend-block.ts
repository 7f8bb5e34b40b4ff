import { createElement, type ReactNode } from 'react';
import { OUTLOOK_DISCLAIMER } from 'core/outlook/rules';
import { Island } from 'views/islands/Island';
import type { SiteOutlooksService } from './site-outlooks.service';

/**
 * Issue 46: 'Where to dive this weekend' for the home page (region null) and a region's page, as the
 * WeekendSites island rendered on the server; null when no forecast is stored at all (nothing to say yet).
 */
export async function weekendBlock(outlooks: SiteOutlooksService, region: string | null): Promise<ReactNode> {
  const [sites, rightFor] = await Promise.all([outlooks.weekend(region), outlooks.rightFor()]);
  if (sites.length === 0 && rightFor === Infinity) return null;
  return createElement(Island, { name: 'WeekendSites', props: { region, sites, disclaimer: OUTLOOK_DISCLAIMER }, hydrate: 'visible' });
}
