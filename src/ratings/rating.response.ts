import { textLinks } from 'src/common/text-links';
import type { DiveSiteRating } from './dive-site-rating.entity';

/** A rating as the public sees it: never the rater's IP address or email; `links` are the web links in its comment. */
export function toRatingResponse(rating: DiveSiteRating) {
  return { id: rating.id, rating: rating.rating, comment: rating.comment, links: textLinks(rating.comment), createdAt: rating.createdAt };
}

export type RatingResponse = ReturnType<typeof toRatingResponse>;

export interface RatingsResponse {
  ratings: RatingResponse[];
  summary: { average: number; count: number };
}
