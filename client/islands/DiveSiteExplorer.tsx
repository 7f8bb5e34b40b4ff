import { useCallback, useRef, useState } from 'react';
import { QueryProvider } from 'client/lib/QueryProvider';
import type { DiveSiteExplorerProps } from './dive-sites/explorer-props';
import { FilterPanel } from './dive-sites/FilterPanel';
import { FilterSheet, PhoneBar, type PhoneView } from './dive-sites/FilterSheet';
import { AFTER_MAP_ID, MapPanel } from './dive-sites/MapPanel';
import { NearMeButton } from './dive-sites/NearMe';
import { ResultsHeader, ResultsList } from './dive-sites/ResultsList';
import { filtersSet, useExplorer } from './dive-sites/use-explorer';

export type { DiveSiteExplorerProps } from './dive-sites/explorer-props';

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
