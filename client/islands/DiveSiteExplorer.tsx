import { useCallback, useRef, useState } from 'react';
import { QueryProvider } from 'client/lib/QueryProvider';
import type { DiveSiteFilters } from 'core/dive-sites/filters';
import type { ExplorerSite, TileSettings } from 'core/dive-sites/types';
import { FilterPanel } from './dive-sites/FilterPanel';
import { FilterSheet, PhoneBar, type PhoneView } from './dive-sites/FilterSheet';
import { AFTER_MAP_ID, MapPanel } from './dive-sites/MapPanel';
import { NearMeButton } from './dive-sites/NearMe';
import { ResultsHeader, ResultsList } from './dive-sites/ResultsList';
import { filtersSet, useExplorer } from './dive-sites/use-explorer';

export interface DiveSiteExplorerProps {
  /** The cards the page first shows (its filters applied); every site when `complete`. */
  sites: ExplorerSite[];
  complete: boolean;
  /** How many sites match the page's filters (the map shows them all; the grid `initialVisible` of them). */
  matchCount: number;
  initialVisible: number;
  /** The place in the list of the page's first card (past MAX_CARDS_SHOWN the list goes on a page at a time); 0: the start. */
  initialFrom: number;
  totalSites: number;
  /** The compact list of every site for the map and the filters, fetched after hydration unless `complete`. */
  sitesUrl: string;
  /** Where the cards beyond the embedded ones come from (`?ids=`), as they are shown. */
  cardsUrl: string;
  regions: string[];
  initialFilters: DiveSiteFilters;
  /** Ids matching the initial search text (the server ran the search); null without one. */
  initialMatches: number[] | null;
  /**
   * 'Top rated' (?sort=top-rated): where every site's id best rated first is fetched, once a list the page did
   * not bring must be sorted (the page itself brings only its first cards, in that order); null: by name.
   */
  orderUrl: string | null;
  /**
   * /dive-sites: the sort choice is shown, and the address follows the filters chosen (as the GET form
   * would put them), so Back, a reload and a shared link show the same list. False on /dive-sites/{id}.
   */
  sortChoice: boolean;
  /** The site of /dive-sites/{id}; null on /dive-sites. */
  routeSite: { id: number; name: string } | null;
  /** /dive-sites/{id} with an id that matches no site: the empty state until a filter changes. */
  routeMissing: boolean;
  tiles: TileSettings;
}

/**
 * The interactive part of /dive-sites: filters, map, card grid and downloads, sharing one filter state
 * (the ratings of /dive-sites/{id} are the SiteRatings island of the site's own panel). The server renders it complete with the initial filters applied.
 * Its state is useExplorer's; the parts here only draw it. On a desktop the list sits beside a sticky map;
 * on a phone the list or the map shows, and the filters open in a sheet.
 */
export function DiveSiteExplorer(props: DiveSiteExplorerProps) {
  return (
    <QueryProvider>
      <Explorer {...props} />
    </QueryProvider>
  );
}

function Explorer(props: DiveSiteExplorerProps) {
  const explorer = useExplorer(props);
  const { filters, change, topRated, byView, nearMe, loading, matchCount } = explorer;
  const [view, setView] = useState<PhoneView>('list');
  const [sheetOpen, setSheetOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // /dive-sites: on a desktop the list beside a sticky map. A site's own page keeps its explorer (one site
  // found) under the site, the map above the list.
  const split = props.sortChoice;
  const closeSheet = useCallback(() => {
    setSheetOpen(false);
    setView('list');
    // Back on the list, at its start, with the focus where the sheet was opened.
    opener.current?.focus();
    document.getElementById(AFTER_MAP_ID)?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div id="site-explorer" className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <PhoneBar set={filtersSet(filters)} view={view} onView={setView} open={sheetOpen} onOpen={() => setSheetOpen(true)} opener={opener} />
      <div className={split ? 'lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start lg:gap-8' : ''}>
        {/* Before the list in the page's order (its 'Skip the map' first), beside it on a desktop. */}
        <MapPanel map={explorer.map} tiles={props.tiles} hidden={view !== 'map'} split={split} />
        <div id={AFTER_MAP_ID} tabIndex={-1} className={`focus:outline-none ${split ? 'lg:col-start-1 lg:row-start-1' : ''}`}>
          <FilterSheet open={sheetOpen} onClose={closeSheet} showLabel={loading ? 'Searching...' : `Show ${matchCount} ${matchCount === 1 ? 'site' : 'sites'}`}>
            <FilterPanel filters={filters} regions={props.regions} onChange={change} topRated={topRated} />
          </FilterSheet>

          {/* It sorts the whole list: by view (many sites) the page has no list of every site's position. */}
          {!byView && (
            <div className={`mt-4 md:mt-6 ${view === 'map' ? 'max-md:hidden' : ''}`}>
              <NearMeButton nearMe={nearMe} />
            </div>
          )}

          <ResultsHeader explorer={explorer} sortChoice={props.sortChoice} className="mt-4 md:mt-6" />
          <ResultsList explorer={explorer} hidden={view !== 'list'} split={split} />
        </div>
      </div>
    </div>
  );
}
