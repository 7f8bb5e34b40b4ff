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

/** The order results come in and are grouped by, on the page and in the header's list. */
export const SEARCH_TYPES: readonly SearchResult['type'][] = ['article', 'dive-site', 'product', 'review'];

/** The group headings of the results page, one per type label. */
export const SEARCH_GROUP_HEADINGS: Record<SearchResult['type'], string> = {
  article: 'Articles',
  'dive-site': 'Dive Sites',
  product: 'Products',
  review: 'Reviews',
};

export const SEARCH_HINT = 'Type at least 2 characters to search';

/** SPEC section 9: 'N result(s) found', singular for 1. */
export const searchCountText = (count: number) => `${count} ${count === 1 ? 'result' : 'results'} found`;

/** SPEC section 8. */
export const noResultsText = (term: string) => `No results found for "${term}"`;

/** How many of each type a search finds in all (the results list the first SEARCH_MAX_PER_TYPE of each). */
export type SearchCounts = Record<SearchResult['type'], number>;

/** Where a type's whole list for a term is ('See all N dive sites'); null where no page lists it. */
export function seeAllLink(type: SearchResult['type'], term: string): string | null {
  // As the lists' own forms write it ('?search=ship+wreck').
  const query = new URLSearchParams({ search: term });
  if (type === 'dive-site') return `/dive-sites?${query}`;
  // /gear-reviews?search= lists the matching products above the matching reviews.
  if (type === 'review' || type === 'product') return `/gear-reviews?${query}`;
  return null;
}

/** 'See all 34 dive sites' */
export function seeAllText(type: SearchResult['type'], count: number): string {
  const nouns: Record<SearchResult['type'], [string, string]> = {
    article: ['article', 'articles'],
    'dive-site': ['dive site', 'dive sites'],
    product: ['product', 'products'],
    review: ['review', 'reviews'],
  };
  return `See all ${count} ${nouns[type][count === 1 ? 0 : 1]}`;
}
