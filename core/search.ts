/** One global-search result (SPEC section 3, "Search result item"). */
export interface SearchResult {
  type: 'article' | 'dive-site' | 'product' | 'review';
  id: number;
  title: string;
  excerpt: string;
  category: string;
  link: string;
  image?: string | null;
}

export const SEARCH_TYPE_LABELS: Record<SearchResult['type'], string> = {
  article: 'Article',
  'dive-site': 'Dive Site',
  product: 'Product',
  review: 'Review',
};

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_PER_TYPE = 3;
