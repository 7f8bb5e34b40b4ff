import type { DiveSiteView, EXPLORER_FIELDS, PANEL_FIELDS } from './fields';
import type { NoticeBrief } from './provenance';
import type { BadgeOutlook } from 'core/outlook/site-outlook';

/** A notice in force as a card and a map popup show it (its body is on the site's page). */
export type CardNotice = Pick<NoticeBrief, 'id' | 'title' | 'startsOn' | 'endsOn' | 'source'>;

/** What the dive-site island receives from the server: plain JSON for the grid, the map and the ratings panel. */

/**
 * One site as the page needs it (EXPLORER_FIELDS): the card (SPEC section 9's truncations already applied to
 * description and hazards; marine life is truncated on the card and shown whole in the map popup) and the
 * popup. Coordinates stay text, as the API gives them.
 */
export type ExplorerSite = Pick<DiveSiteView, (typeof EXPLORER_FIELDS)[number]> & {
  /** Its visitors' ratings: the average (one decimal) and how many; null when nobody has rated it. */
  rating?: { average: number; count: number } | null;
  /** Issue 43: the notices in force on it (absent or empty: none). */
  notices?: CardNotice[];
  /** Its newest condition report as the card says it, 'vis 15 m, 2 days ago' (issue 45); absent without one. */
  report?: string;
  /** Its outlook today from the stored forecast (issue 46); absent when its forecast cell has none stored. */
  outlook?: BadgeOutlook;
};

/** The route's site in its panel on /dive-sites/{id} (PANEL_FIELDS), its position as numbers. */
export type PanelSite = Omit<Pick<DiveSiteView, (typeof PANEL_FIELDS)[number]>, 'latitude' | 'longitude'> & { latitude: number; longitude: number };

/** 'Rated 4.5 out of 5 from 12 ratings': what the stars of a card and a map popup say. */
export function ratingText(rating: { average: number; count: number }): string {
  return `Rated ${rating.average} out of 5 from ${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'}`;
}

/** Five stars as text, whole and half: 4.5 is '★★★★½'. */
export function starGlyphs(average: number): string {
  const halves = Math.round(average * 2);
  return '★'.repeat(Math.floor(halves / 2)) + (halves % 2 ? '½' : '');
}

export interface TileSettings {
  url: string;
  attribution: string;
  /** A GeoJSON outline of the land, drawn when the tiles cannot load (null without a build). */
  offlineLand?: string | null;
  /** The folder of the finer coast, one `{south}_{west}.json` per square of land, drawn closer in (null without a build). */
  offlineCoast?: string | null;
}
