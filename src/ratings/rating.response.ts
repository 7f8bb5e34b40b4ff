import type { RatingResponse } from 'core/api/dive-sites';
import { textLinks } from 'src/render/text-links';
import type { DiveSiteRating } from './dive-site-rating.entity';

export function toRatingResponse(rating: DiveSiteRating): RatingResponse<Date> {
  return { id: rating.id, rating: rating.rating, comment: rating.comment, links: textLinks(rating.comment), createdAt: rating.createdAt };
}
