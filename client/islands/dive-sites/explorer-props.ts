import type { DiveSiteFilters } from 'core/dive-sites/filters';
import type { ExplorerSite, TileSettings } from 'core/dive-sites/types';

/** What the server gives the DiveSiteExplorer island (views/pages/dive-sites/DiveSitesPage). */
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
  /** Ids whose stored outlook answers the initial filters' (issue 46); null without an outlook filter. */
  initialOutlookMatches?: number[] | null;
  /**
   * Past MAP_LIST_MAX sites (the map asks by view) with filters: the centre and box of every site matching
   * the initial filters, so the map fits them all and not the first cards (issue 47); null otherwise.
   */
  initialBox?: { center: [number, number] | null; bounds: [[number, number], [number, number]] | null } | null;
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
