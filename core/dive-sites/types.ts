/** What the dive-site island receives from the server: plain JSON for the grid, the map and the ratings panel. */

/**
 * One site as the page needs it: the card (SPEC section 9's truncations already applied to description
 * and hazards; marine life is truncated on the card and shown whole in the map popup) and the popup.
 * Coordinates stay text, as the API gives them.
 */
export interface ExplorerSite {
  id: number;
  name: string;
  latitude: string;
  longitude: string;
  region: string;
  skillLevel: string;
  depthRange: string;
  waterTemp: string;
  visibility: string | null;
  bestTime: string | null;
  description: string;
  marineLife: string | null;
  hazards: string | null;
  featured: boolean;
  imageUrl: string | null;
  /** The site's review: its review link, else its blog article. */
  reviewHref: string | null;
  videoUrl: string | null;
}

export interface TileSettings {
  url: string;
  attribution: string;
  /** A GeoJSON outline of the land, drawn when the tiles cannot load (null without a build). */
  offlineLand?: string | null;
}
