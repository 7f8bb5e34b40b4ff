import type { ArticleListItem } from './articles';
import type { Moment } from './moment';

/** GET /api/reviews/published items: the article list fields plus purchaseLink, rating and price (SPEC section 7). */
export interface ReviewListItem<T extends Moment = string> extends ArticleListItem<T> {
  purchaseLink: string;
  rating: string | null;
  price: string | null;
}

export interface ReviewResponse<T extends Moment = string> extends ReviewListItem<T> {
  content: string;
  published: boolean;
  featured: boolean;
  updatedAt: T;
}
