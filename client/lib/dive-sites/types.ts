/** What the dive-site islands receive from the server: plain JSON, shared by the page, the grid and the map. */

export type SkillLevel = 'Beginner' | 'Intermediate' | 'Advanced';

/** A card of the grid: SPEC section 9's truncations are applied by the server before it is sent. */
export interface DiveSiteCardData {
  id: number;
  name: string;
  region: string;
  skillLevel: string;
  depthRange: string;
  description: string;
  marineLife: string | null;
  hazards: string | null;
  /** The site's review: its reviewLink, else its blog article. */
  reviewHref: string | null;
  videoUrl: string | null;
  imageUrl: string | null;
}

/** A marker and its popup (SPEC section 2, 'Map popup'). Coordinates stay text, as the API gives them. */
export interface MapSiteData {
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
  marineLife: string | null;
  featured: boolean;
  reviewHref: string | null;
  videoUrl: string | null;
}

export interface RatingItem {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: string;
}

export interface RatingsData {
  ratings: RatingItem[];
  summary: { average: number; count: number };
}
