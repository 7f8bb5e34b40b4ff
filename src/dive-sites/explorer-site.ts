import { CARD_LIMITS, truncate } from 'core/dive-sites/filters';
import type { ExplorerSite } from 'core/dive-sites/types';
import type { DiveSite } from './dive-site.entity';
import { reviewHref } from './dive-site.response';

/**
 * The compact list of every site for the map and the filters of /dive-sites (core/dive-sites/map-payload.ts):
 * the island fetches it after hydration, and the cards beyond those the page embeds from
 * EXPLORER_CARDS_URL as they are shown.
 */
export const EXPLORER_SITES_URL = '/api/dive-sites/map';
export const EXPLORER_CARDS_URL = '/api/dive-sites/cards';

/** What the island needs of a site; SPEC section 9's card truncations are applied here to keep the page light. */
export function toExplorerSite(site: DiveSite, ratings?: ReadonlyMap<number, { average: number; count: number }>): ExplorerSite {
  return {
    id: site.id,
    name: site.name,
    latitude: site.latitude,
    longitude: site.longitude,
    region: site.region,
    skillLevel: site.skillLevel,
    depthRange: site.depthRange,
    waterTemp: site.waterTemp,
    visibility: site.visibility,
    bestTime: site.bestTime,
    description: truncate(site.description, CARD_LIMITS.description),
    marineLife: site.marineLife,
    hazards: truncate(site.hazards, CARD_LIMITS.hazards),
    featured: site.featured,
    imageUrl: site.imageUrl,
    reviewHref: reviewHref(site),
    videoUrl: site.videoUrl,
    rating: ratings?.get(site.id) ?? null,
  };
}
