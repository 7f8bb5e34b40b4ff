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

/**
 * A type's matches are counted up to one past this: a common word in a large site ('wreck' in 10,000 reviews)
 * would otherwise read every match to count it. A count of SEARCH_COUNT_CAP + 1 stands for 'more', and reads '100+'.
 */
export const SEARCH_COUNT_CAP = 100;

/** A count as the page shows it: '34', or '100+' past the cap. */
export const countText = (count: number) => (count > SEARCH_COUNT_CAP ? `${SEARCH_COUNT_CAP}+` : String(count));

/** SPEC section 9: 'N result(s) found', singular for 1; 'N+ results found' when a count passed the cap. */
export const searchCountText = (count: number, more = false) => `${count}${more ? '+' : ''} ${count === 1 && !more ? 'result' : 'results'} found`;

/** SPEC section 8. */
export const noResultsText = (term: string) => `No results found for "${term}"`;

/**
 * How many of each type a search finds in all (the results list the first SEARCH_MAX_PER_TYPE of each),
 * counted up to SEARCH_COUNT_CAP + 1 (more than the cap).
 */
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

/** 'See all 34 dive sites', 'See all 100+ reviews' */
export function seeAllText(type: SearchResult['type'], count: number): string {
  const nouns: Record<SearchResult['type'], [string, string]> = {
    article: ['article', 'articles'],
    'dive-site': ['dive site', 'dive sites'],
    product: ['product', 'products'],
    review: ['review', 'reviews'],
  };
  return `See all ${countText(count)} ${nouns[type][count === 1 ? 0 : 1]}`;
}
