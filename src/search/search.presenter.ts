import type { PageView } from 'src/render/page-meta';
import type { SearchPageProps } from 'views/pages/search/SearchPage';

/** /search?q=: the header search's results as a page, kept out of search engines. */
export function presentSearch(data: SearchPageProps): PageView<SearchPageProps> {
  return {
    meta: {
      title: data.term ? `Search results for "${data.term}"` : 'Search',
      description: 'Search the articles, dive sites, products and gear reviews of the site.',
      path: '/search',
      noindex: true,
    },
    props: data,
  };
}
