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

/** A review's verdict box (issue 47), from its own text: who it suits, three pros, three cons, the key features. */
export interface ReviewSummary {
  /** The sentence of 'Who it suits' that says whom (else its first). */
  suits: string | null;
  pros: string[];
  cons: string[];
  /** The list under 'Key features', 'What you get' or 'What stands out': a bold lead-in becomes the name. */
  features: { name: string | null; detail: string }[];
}
