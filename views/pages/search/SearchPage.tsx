import {
  SEARCH_COUNT_CAP,
  SEARCH_GROUP_HEADINGS,
  SEARCH_HINT,
  SEARCH_MIN_LENGTH,
  SEARCH_TYPES,
  SEARCH_TYPE_LABELS,
  countText,
  noResultsText,
  searchCountText,
  seeAllLink,
  seeAllText,
  type SearchCounts,
  type SearchResult,
} from 'core/search';

export interface SearchPageProps {
  /** The trimmed term as asked. */
  term: string;
  results: SearchResult[];
  /** How many of each type there are in all (the page lists the first few of each). */
  counts: SearchCounts;
  /** The words a misspelt term was read as ('sydney harbour' for 'sydny harbour'), when it was. */
  corrected?: string;
  /** For a term that found nothing: the closest words the site knows ('Did you mean ...'). */
  suggestions?: string[];
}

/** Where a search that finds nothing sends a reader on. */
const BROWSE_LINKS: [href: string, text: string][] = [
  ['/dive-sites', 'Browse all dive sites'],
  ['/blog', 'Read the articles'],
  ['/gear-reviews', 'See the gear reviews'],
];

const searchLink = (term: string) => `/search?${new URLSearchParams({ q: term })}`;

/**
 * /search?q=: the header search's results as a page, where its form lands without JavaScript (or with
 * Enter and no result chosen). The same texts, limits and labels as the header's list, grouped by type.
 */
export function SearchPage({ term, results, counts, corrected, suggestions = [] }: SearchPageProps) {
  // The count is every match, not only the few listed of each type ('100+' of a type past the cap).
  const total = SEARCH_TYPES.reduce(
    (sum, type) => sum + Math.min(SEARCH_COUNT_CAP, Math.max(counts[type], results.filter((result) => result.type === type).length)),
    0,
  );
  const more = SEARCH_TYPES.some((type) => counts[type] > SEARCH_COUNT_CAP);
  const message = term.length < SEARCH_MIN_LENGTH ? SEARCH_HINT : results.length === 0 ? noResultsText(term) : searchCountText(total, more);
  const groups = SEARCH_TYPES.map((type) => ({ type, items: results.filter((result) => result.type === type) })).filter(({ items }) => items.length > 0);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Search</h1>
      <form method="get" action="/search" role="search" aria-label="Search the site" className="mt-6 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search articles, dive sites and gear
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={term}
          placeholder="Search dive sites, gear, articles..."
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-cyan-600 focus:outline-none focus:ring-2 focus:ring-cyan-600/30"
        />
        <button type="submit" className="rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800">
          Search
        </button>
      </form>
      <p className="mt-6 text-sm font-medium text-slate-600" role="status">
        {message}
      </p>
      {corrected && results.length > 0 && (
        <p className="mt-2 text-sm text-slate-700">
          Showing results for <strong className="font-semibold text-slate-900">{corrected}</strong>
        </p>
      )}
      {term.length >= SEARCH_MIN_LENGTH && results.length === 0 && (
        <div className="mt-4 space-y-3 text-slate-700">
          {suggestions.length > 0 && (
            <p>
              Did you mean{' '}
              {suggestions.map((suggestion, index) => (
                <span key={suggestion}>
                  {index > 0 && (index === suggestions.length - 1 ? ' or ' : ', ')}
                  <a href={searchLink(suggestion)} className="font-semibold text-cyan-800 underline">
                    {suggestion}
                  </a>
                </span>
              ))}
              ?
            </p>
          )}
          <nav aria-label="Browse instead" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {BROWSE_LINKS.map(([href, text]) => (
              <a key={href} href={href} className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
                {text}
              </a>
            ))}
          </nav>
        </div>
      )}
      {groups.map(({ type, items }) => (
        <section key={type} aria-labelledby={`search-group-${type}`} className="mt-8">
          <h2 id={`search-group-${type}`} className="text-xl font-bold text-slate-900">
            {SEARCH_GROUP_HEADINGS[type]}
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
            {items.map((result) => (
              <li key={`${result.type}-${result.id}`}>
                <a href={result.link} className="block px-4 py-3 hover:bg-slate-50">
                  <span className="flex items-center gap-2">
                    <span className="rounded bg-cyan-50 px-1.5 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-cyan-800">
                      {SEARCH_TYPE_LABELS[result.type]}
                    </span>
                    <span className="font-medium text-slate-900">{result.title}</span>
                  </span>
                  {result.excerpt && <span className="mt-1 line-clamp-2 text-sm text-slate-600">{result.excerpt}</span>}
                </a>
              </li>
            ))}
          </ul>
          {counts[type] > items.length && (
            <p className="mt-2 text-sm text-slate-700">
              {`Showing ${items.length} of ${countText(counts[type])}. `}
              {seeAllLink(type, term) && (
                <a href={seeAllLink(type, term)!} className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
                  {seeAllText(type, counts[type])}
                </a>
              )}
            </p>
          )}
        </section>
      ))}
    </section>
  );
}
