import { useMemo } from 'react';
import { CARD_PAGE_SIZE, isFiltered } from 'core/dive-sites/filters';
import { SiteCard, SiteCardSkeleton } from './SiteCard';
import { SortChoice } from './SortChoice';
import type { Explorer } from './use-explorer';

/** The grid's columns: fewer beside the map (split), as before under it. */
const gridClass = (split: boolean) => `grid gap-6 sm:grid-cols-2 ${split ? 'lg:grid-cols-1 xl:grid-cols-2' : 'lg:grid-cols-3'}`;
const OUTLINED =
  'inline-flex min-h-11 items-center rounded-lg border border-cyan-700 px-5 py-2 font-semibold text-cyan-800 hover:bg-cyan-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-600 focus-visible:ring-offset-2';

/** The grid of cards; hovering or focusing one marks its site on the map. */
function Grid({ explorer, split }: { explorer: Explorer; split: boolean }) {
  const { cards, waitingFor, distances, gridRef, point } = explorer;
  // The cards re-render only when the list shown changes (not when the map mounts or a search starts).
  return useMemo(
    () => (
      <ul ref={gridRef} className={gridClass(split)} onMouseLeave={() => point(null)}>
        {cards.map((site) => (
          // Every card is laid out at once (no content-visibility): a card sized only when scrolled near
          // would move everything below it, 'Show more dive sites' included, under a visitor's pointer.
          <li key={site.id} className="flex" onMouseEnter={() => point(site.id)} onFocus={() => point(site.id)} onBlur={() => point(null)}>
            <SiteCard site={site} distanceKm={distances?.get(site.id)} />
          </li>
        ))}
        {Array.from({ length: Math.min(waitingFor, CARD_PAGE_SIZE) }, (_, index) => (
          <li key={`waiting-${index}`}>
            <SiteCardSkeleton />
          </li>
        ))}
      </ul>
    ),
    [cards, waitingFor, distances, gridRef, point, split],
  );
}

/** The count of matching sites, the downloads and the sort choice, just above the list. */
export function ResultsHeader({ explorer, sortChoice, className = '' }: { explorer: Explorer; sortChoice: boolean; className?: string }) {
  const { loading, matchCount, totalCount, failed, filters, downloadQuery, topRated } = explorer;
  return (
    <div className={`flex flex-wrap items-center justify-between gap-x-6 gap-y-2 ${className}`}>
      <p className="text-slate-700" aria-live="polite" data-testid="dive-site-count">
        {loading ? 'Searching...' : `Showing ${matchCount} of ${totalCount} dive sites`}
        {failed && <span className="ml-2 text-red-700">Search failed. Please try again.</span>}
      </p>
      {sortChoice && <SortChoice topRated={topRated} filters={filters} />}
      <p className="flex flex-wrap gap-3 text-sm">
        <span className="text-slate-600">Download {isFiltered(filters) ? 'these sites' : 'all sites'}:</span>
        <a href={`/api/dive-sites/export/geojson${downloadQuery}`} download className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
          GeoJSON
        </a>
        <a href={`/api/dive-sites/export/gpx${downloadQuery}`} download className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
          GPX
        </a>
      </p>
    </div>
  );
}

/** The cards of the matching sites, a page at a time, or why there are none. */
export function ResultsList({ explorer, hidden, split }: { explorer: Explorer; hidden: boolean; split: boolean }) {
  const { loading, shown, searching, waitingFor, cardsFailed, retryCards, more, earlierQuery, moreQuery, from, cards, matchCount, showMore } = explorer;
  return (
    <section aria-label="Dive sites" aria-busy={searching || waitingFor > 0} className={`mt-4 md:mt-6 ${hidden ? 'max-md:hidden' : ''}`}>
      {loading ? (
        <div className={gridClass(split)}>
          {Array.from({ length: 6 }, (_, index) => (
            <SiteCardSkeleton key={index} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-slate-200">
          <h2 className="text-xl font-semibold text-slate-900">No dive sites found</h2>
          <p className="mt-2 text-slate-600">Try adjusting your search terms or filters to find more dive sites.</p>
        </div>
      ) : (
        <>
          <Grid explorer={explorer} split={split} />
          {cardsFailed && (
            <p className="mt-6 text-center">
              <button type="button" onClick={retryCards} className={OUTLINED}>
                Try again
              </button>
            </p>
          )}
          {(more || earlierQuery) && (
            <div className="mt-8 flex flex-col items-center gap-3">
              <p className="text-sm text-slate-600">
                {from > 0 ? `Sites ${from + 1} to ${from + cards.length} of ${matchCount} listed` : `${cards.length} of ${matchCount} sites listed`}
              </p>
              <div className="flex flex-wrap items-center justify-center gap-3">
                {earlierQuery && (
                  <a href={`/dive-sites?${earlierQuery}`} className={OUTLINED}>
                    Earlier dive sites
                  </a>
                )}
                {more && (
                  <a
                    href={`/dive-sites?${moreQuery}`}
                    onClick={showMore}
                    className="inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-600 focus-visible:ring-offset-2"
                  >
                    Show more dive sites
                  </a>
                )}
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
