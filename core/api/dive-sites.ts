import type { TextLink } from '../text-links';
import type { Moment } from './moment';
import type { DiveSiteFields, RESPONSE_FIELDS } from '../dive-sites/fields';

/**
 * A dive site as the API gives it (SPEC section 3): the fields RESPONSE_FIELDS names
 * (core/dive-sites/fields.ts); latitude and longitude stay text as PostgreSQL returns decimals, and the client
 * parses them.
 */
export type DiveSiteResponse<T extends Moment = string> = Omit<Pick<DiveSiteFields, ResponseField>, 'createdAt'> & { createdAt: T };
type ResponseField = (typeof RESPONSE_FIELDS)[number];

/** A rating as the public sees it: never the rater's IP address or email; `links` are the web links in its comment. */
export interface RatingResponse<T extends Moment = string> {
  id: number;
  rating: number;
  comment: string | null;
  links?: TextLink[];
  createdAt: T;
}

/** SPEC section 2: the ratings panel shows this many of the latest ratings, then '+ n more reviews'. */
export const RECENT_RATINGS = 5;

/** A site's ratings, newest first (all of them, or the slice asked for), and the summary of all of them. */
export interface RatingsResponse<T extends Moment = string> {
  ratings: RatingResponse<T>[];
  summary: { average: number; count: number };
}

/** A rating in the administrator's moderation list: its site, never the rater's IP address or email. */
export interface AdminRatingResponse<T extends Moment = string> {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: T;
  site: { id: number; name: string };
}
