import { CARD_LIMITS, truncate } from 'core/dive-sites/filters';
import { EXPLORER_FIELDS, pickFields, reviewHref } from 'core/dive-sites/fields';
import type { NoticeBrief } from 'core/dive-sites/provenance';
import type { ExplorerSite } from 'core/dive-sites/types';
import type { BadgeOutlook } from 'core/outlook/site-outlook';
import type { DiveSite } from './dive-site.entity';

/**
 * The compact list of every site for the map and the filters of /dive-sites (core/dive-sites/map-payload.ts):
 * the island fetches it after hydration, and the cards beyond those the page embeds from
 * EXPLORER_CARDS_URL as they are shown.
 */
export const EXPLORER_SITES_URL = '/api/dive-sites/map';
export const EXPLORER_CARDS_URL = '/api/dive-sites/cards';
/** Every site's id best rated first: what 'Top rated' sorts a filtered list by, fetched when the visitor changes the list (not embedded: 24,700 ids were 150 KB of the page). */
export const EXPLORER_TOP_RATED_URL = '/api/dive-sites/top-rated/ids';

/** What the island needs of a site; SPEC section 9's card truncations are applied here to keep the page light. */
export function toExplorerSite(
  site: DiveSite,
  ratings?: ReadonlyMap<number, { average: number; count: number }>,
  notices?: ReadonlyMap<number, NoticeBrief[]>,
  reports?: ReadonlyMap<number, string>,
  outlooks?: ReadonlyMap<number, BadgeOutlook>,
): ExplorerSite {
  const card = {
    ...site,
    description: truncate(site.description, CARD_LIMITS.description),
    hazards: truncate(site.hazards, CARD_LIMITS.hazards),
    reviewHref: reviewHref(site),
  };
  const inForce = (notices?.get(site.id) ?? []).map(({ id, title, startsOn, endsOn, source }) => ({ id, title, startsOn, endsOn, source }));
  const report = reports?.get(site.id);
  const outlook = outlooks?.get(site.id);
  return {
    ...pickFields(card, EXPLORER_FIELDS),
    rating: ratings?.get(site.id) ?? null,
    ...(inForce.length ? { notices: inForce } : {}),
    ...(report ? { report } : {}),
    ...(outlook ? { outlook } : {}),
  };
}
