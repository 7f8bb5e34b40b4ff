import type { Moment } from './moment';

/** GET /api/articles list items: the fields SPEC section 7 lists, nothing more. */
export interface ArticleListItem<T extends Moment = string> {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  imageUrl: string;
  author: string;
  publishedAt: T | null;
  createdAt: T;
}

/** A whole article (GET /api/articles/{slug}, the admin list). */
export interface ArticleResponse<T extends Moment = string> extends ArticleListItem<T> {
  content: string;
  videoUrl: string | null;
  videoThumbnail: string | null;
  published: boolean;
  updatedAt: T;
}
