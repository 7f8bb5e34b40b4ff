import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Component, lazy, startTransition, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryProvider } from 'client/lib/QueryProvider';
import { useDebouncedValue } from 'client/lib/use-debounced-value';
import { trackEvent } from '../lib/analytics';
import { getJson } from '../lib/api';
import {
  bandMatchesFilters,
  CARD_PAGE_SIZE,
  earlierCardsQuery,
  filtersQuery,
  hasOutlook,
  isFiltered,
  listAddress,
  moreCardsQuery,
  TOP_RATED,
  DEFAULT_FILTERS,
  type DiveSiteFilters,
} from 'core/dive-sites/filters';
import { decodeMapPayload, toMapSite, type MapPayload, type MapSite } from 'core/dive-sites/map-payload';
import { MAP_LIST_MAX } from 'core/dive-sites/map-view';
import { mapView, SEVERAL_SITES_ZOOM, SINGLE_SITE_ZOOM } from '../lib/dive-sites/map';
import type { ExplorerSite, TileSettings } from 'core/dive-sites/types';
import { FilterPanel } from './dive-sites/FilterPanel';
import { distancesFrom, NearMeButton, useNearMe } from './dive-sites/NearMe';
import { SiteCard, SiteCardSkeleton } from './dive-sites/SiteCard';
import { SortChoice } from './dive-sites/SortChoice';

// Leaflet travels in its own chunk, fetched only when the map comes into view.
const DiveSiteMap = lazy(() => import('./dive-sites/DiveSiteMap.js').then((module) => ({ default: module.DiveSiteMap })));

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

const SEARCH_DELAY_MS = 250;
const NONE: MapSite[] = [];
/** Many sites (more than MAP_LIST_MAX): the map asks by view, and a filter's matches come from the server. */
const MAP_VIEW_URL = '/api/dive-sites/map/view';
const MATCHES_URL = '/api/dive-sites/map/matches';
/** The cards one request asks for (the server's limit). */
const CARDS_PER_REQUEST = 100;

/** The cards of these sites: null for a site that no longer exists. */
const CARDS_TIMEOUT_MS = 20_000;

async function fetchCards(url: string, ids: number[]): Promise<Map<number, ExplorerSite | null>> {
  const found = new Map<number, ExplorerSite | null>(ids.map((id) => [id, null]));
  const chunks = Array.from({ length: Math.ceil(ids.length / CARDS_PER_REQUEST) }, (_, index) =>
    ids.slice(index * CARDS_PER_REQUEST, (index + 1) * CARDS_PER_REQUEST),
  );
  // A request that hangs (a dropped connection on a phone) ends as a failure the visitor can retry, not a grid of skeletons for good.
  const signal = AbortSignal.timeout(CARDS_TIMEOUT_MS);
  for (const list of await Promise.all(chunks.map((chunk) => getJson<ExplorerSite[]>(`${url}?ids=${chunk.join(',')}`, signal)))) {
    for (const site of list) found.set(site.id, site);
  }
  return found;
}

/** The ids of the sites whose outlook answers the filters' (the map's matches call, which takes the outlook filter); null: none asked. */
function useOutlookMatches(filters: DiveSiteFilters, initial: DiveSiteFilters, initialIds: number[] | null, enabled: boolean) {
  const asked = hasOutlook(filters);
  const own = asked && filters.outlook === initial.outlook && filters.day === initial.day && initialIds !== null;
  const query = filtersQuery({ ...DEFAULT_FILTERS, outlook: filters.outlook, day: filters.day });
  const answer = useQuery({
    queryKey: ['dive-sites', 'outlook', query],
    queryFn: () => getJson<{ ids: number[] }>(`${MATCHES_URL}${query}`).then((found) => found.ids),
    enabled: enabled && asked,
    initialData: own ? initialIds : undefined,
  });
  const ids = asked && enabled ? (answer.data ?? null) : null;
  return { ids, waiting: asked && enabled && !answer.data && !answer.isError, failed: asked && enabled && answer.isError };
}

/** The sites both the text search and the outlook found (either alone when only one was asked). */
function bothMatches(search: number[] | undefined, outlook: number[] | null): Set<number> | null {
  if (!search && !outlook) return null;
  if (!search) return new Set(outlook);
  if (!outlook) return new Set(search);
  const found = new Set(outlook);
  return new Set(search.filter((id) => found.has(id)));
}

function MapPlaceholder() {
  return (
    <div className="flex h-full w-full motion-safe:animate-pulse items-center justify-center bg-slate-200" aria-label="Loading map" role="img">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-12 w-12 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

/**
 * A map that cannot load (its code not fetched offline, a network error) is said so in its box, and the
 * filters and the list around it keep working.
 */
class MapFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="status" className="flex h-full items-center justify-center bg-slate-100 p-4 text-center text-slate-700">
        The map could not be loaded. The list of sites below still works.
      </p>
    );
  }
}

/** The map appears when its box scrolls near the viewport (hydration 'visible' for the Leaflet part). */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !ref.current) return;
    // A transition: mounting the map never blocks input (the rest of the explorer is memoised).
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && startTransition(() => setNear(true)), {
      rootMargin: '200px',
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/**
 * The interactive part of /dive-sites: filters, map, card grid and downloads, sharing one filter state
 * (the ratings of /dive-sites/{id} are the SiteRatings island of the site's own panel). The server renders it complete with the initial filters applied.
 */
export function DiveSiteExplorer(props: DiveSiteExplorerProps) {
  return (
    <QueryProvider>
      <Explorer {...props} />
    </QueryProvider>
  );
}

function Explorer(props: DiveSiteExplorerProps) {
  const { regions, routeSite, tiles } = props;
  const [filters, setFilters] = useState(props.initialFilters);
  const embedded = useMemo(() => props.sites.map(toMapSite), [props.sites]);
  // Many sites: no list of every one (issue 31); the map asks by view and the filters ask the server.
  const byView = props.totalSites > MAP_LIST_MAX;
  // Every site, for the map and the filters: given with the page, or its compact list fetched after
  // hydration (the page embeds only the cards it shows).
  const everySite = useQuery({
    queryKey: ['dive-sites', 'map', props.sitesUrl],
    queryFn: async () => decodeMapPayload(await getJson<MapPayload>(props.sitesUrl)),
    initialData: props.complete ? embedded : undefined,
    enabled: !byView,
  });
  // The cards known so far: the page's own, then those fetched as they are shown.
  const queryClient = useQueryClient();
  const [knownCards, setKnownCards] = useState(() => new Map<number, ExplorerSite | null>(props.sites.map((site) => [site.id, site])));
  const cardsUrl = props.cardsUrl;
  const loadCards = useCallback(
    async (ids: number[]) => {
      const missing = ids.filter((id) => !knownCards.has(id));
      if (missing.length === 0) return knownCards;
      const found = await queryClient.fetchQuery({ queryKey: ['dive-sites', 'cards', missing.join(',')], queryFn: () => fetchCards(cardsUrl, missing) });
      setKnownCards((current) => new Map([...current, ...found]));
      return new Map([...knownCards, ...found]);
    },
    [knownCards, queryClient, cardsUrl],
  );
  // A map popup's card: at once when known, else fetched when the popup opens.
  const cardOf = useCallback(
    (id: number): ExplorerSite | null | Promise<ExplorerSite | null> =>
      knownCards.has(id) ? knownCards.get(id)! : loadCards([id]).then((cards) => cards.get(id) ?? null),
    [knownCards, loadCards],
  );
  // React Query hands its answers over synchronously (useSyncExternalStore): every site arriving re-renders
  // the list and mounts the map as a deferred render instead, time-sliced, so it never blocks input.
  const allSites = useDeferredValue(everySite.data ?? null);
  const sitesFailed = everySite.isError;
  const [routeMissing, setRouteMissing] = useState(props.routeMissing);
  const [visible, setVisible] = useState(props.initialVisible);
  // Where the grid starts in the list: the page's own place until a filter changes.
  const [from, setFrom] = useState(props.initialFrom);
  // After 'Show more dive sites', the first new card takes the focus (its index in the grid).
  const focusCard = useRef<number | null>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  const [mapBox, mapNear] = useNearViewport<HTMLDivElement>();

  useEffect(() => {
    if (routeSite) trackEvent('view_dive_site_filtered', { category: 'dive_sites', label: routeSite.name, value: routeSite.id });
  }, [routeSite]);

  // SPEC section 7: the text search is GET /api/dive-sites/search?q= once typing pauses; region, skill and
  // depth apply here. The page's own search comes answered by the server.
  const term = filters.search.trim();
  const settledTerm = useDebouncedValue(term, SEARCH_DELAY_MS);
  const search = useQuery({
    queryKey: ['dive-sites', 'search', settledTerm],
    // Every match's id (the search's rows come a page at a time; the ids of all of them are a few bytes each).
    queryFn: () => getJson<number[]>(`/api/dive-sites/search/ids?q=${encodeURIComponent(settledTerm)}`),
    enabled: settledTerm !== '' && !byView,
    initialData: props.initialMatches && settledTerm === props.initialFilters.search.trim() ? props.initialMatches : undefined,
  });
  const matchedIds = term && settledTerm === term ? search.data : undefined;
  // Issue 46: the sites whose stored outlook answers the filter's, asked of the server (as the search's).
  const outlookOf = useOutlookMatches(filters, props.initialFilters, props.initialOutlookMatches ?? null, !byView);
  const matches = useMemo(() => bothMatches(matchedIds, outlookOf.ids), [matchedIds, outlookOf.ids]);
  const searching = term !== '' && (settledTerm !== term || search.isFetching);
  const searchFailed = term !== '' && search.isError;

  // By view, the filters the visitor chose are answered by the server: every match's id, by name.
  const settledQuery = filtersQuery({ ...filters, search: settledTerm });
  const ownFilters = filters === props.initialFilters;
  const serverMatches = useQuery({
    queryKey: ['dive-sites', 'matches', settledQuery],
    queryFn: () => getJson<{ ids: number[]; center: [number, number] | null }>(`${MATCHES_URL}${settledQuery}`),
    enabled: byView && !ownFilters && !routeMissing,
  });
  const listedByServer = byView && !ownFilters && settledTerm === term ? serverMatches.data : undefined;

  // 'Top rated': every site's id in that order, asked for once a list other than the page's own is sorted.
  const topRated = props.orderUrl !== null;
  const order = useQuery({
    queryKey: ['dive-sites', 'top-rated', props.orderUrl],
    queryFn: () => getJson<number[]>(props.orderUrl!),
    enabled: topRated && (!byView || !ownFilters),
  });
  const rank = useMemo(() => (order.data ? new Map(order.data.map((id, index) => [id, index])) : null), [order.data]);
  // A list sorted here waits for the order (if the order cannot load, it stays by name).
  const ranked = !topRated || rank !== null || order.isError;
  // Every site matching the filters, once every site is here; before that, the page's own first cards.
  const filtered = useMemo(() => {
    if (routeMissing) return [];
    if (byView) {
      if (ownFilters) return embedded;
      if (!listedByServer || !ranked) return null;
      const ids = listedByServer.ids.map((id) => ({ id }));
      return rank ? ids.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0)) : ids;
    }
    if ((term && !matchedIds) || outlookOf.waiting) return null; // still searching
    // Until every site is here, only the page's own filters can be answered (from the sites it embeds).
    const sites = allSites && ranked ? allSites : filters === props.initialFilters ? embedded : null;
    if (!sites) return null;
    const shownSites = sites.filter((site) => bandMatchesFilters(site, filters, matches));
    return rank ? shownSites.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0)) : shownSites;
  }, [
    allSites,
    filters,
    matches,
    matchedIds,
    outlookOf.waiting,
    term,
    routeMissing,
    rank,
    ranked,
    props.initialFilters,
    embedded,
    byView,
    ownFilters,
    listedByServer,
  ]);

  // 'Near me': the list by distance from the browser's position, computed here from every site's coordinates.
  const nearMe = useNearMe();
  const distances = useMemo(() => (nearMe.position && allSites ? distancesFrom(nearMe.position, allSites) : null), [nearMe.position, allSites]);
  const byDistance = useMemo(
    () => (filtered && distances ? [...filtered].sort((a, b) => (distances.get(a.id) ?? Infinity) - (distances.get(b.id) ?? Infinity)) : filtered),
    [filtered, distances],
  );
  const shown: { id: number }[] = byDistance ?? NONE;
  // Every match is known: the count is theirs, and 'Show more' adds cards in place.
  const wholeList = ranked && (allSites !== null || (byView && !!listedByServer));
  const matchCount = wholeList || routeMissing ? shown.length : props.matchCount;
  // The map waits for every site (it shows them all); if that list cannot load, it shows the cards' sites.
  // By view it draws what each view's answer holds, and the page's own sites when that cannot be asked.
  const mapSites = byView ? (routeMissing ? NONE : embedded) : allSites || sitesFailed || routeMissing ? (shown as MapSite[]) : null;
  const center = listedByServer?.center;
  const serverCount = listedByServer?.ids.length ?? 0;
  const view = useMemo(
    () => (byView && term && center ? { center, zoom: serverCount === 1 ? SINGLE_SITE_ZOOM : SEVERAL_SITES_ZOOM } : mapView(term, mapSites ?? NONE)),
    [byView, term, center, serverCount, mapSites],
  );
  const viewUrl = byView && !routeMissing ? `${MAP_VIEW_URL}${ownFilters ? filtersQuery(props.initialFilters) : settledQuery}` : undefined;
  const query = filtersQuery(filters, 'q');
  // The whole list from the page's place; the page's own cards (which start there) until it is here.
  const start = wholeList ? from : 0;
  const listed = useMemo(() => shown.slice(start, start + visible), [shown, start, visible]);
  // The cards of the sites listed, fetched when not known yet; until they are, the grid is loading.
  const unknownIds = useMemo(() => listed.filter((site) => !knownCards.has(site.id)).map((site) => site.id), [listed, knownCards]);
  const pendingCards = useQuery({
    queryKey: ['dive-sites', 'cards', unknownIds.join(',')],
    queryFn: () => fetchCards(cardsUrl, unknownIds),
    enabled: unknownIds.length > 0,
  });
  useEffect(() => {
    if (pendingCards.data) setKnownCards((current) => new Map([...current, ...pendingCards.data]));
  }, [pendingCards.data]);
  const cardsFailed = unknownIds.length > 0 && pendingCards.isError;
  // The cards known so far, in order (those after the first unknown one wait for it); a site found gone is left out.
  // When they cannot be fetched (offline), the known ones show without them.
  const cards = useMemo(() => {
    const firstUnknown = cardsFailed ? -1 : listed.findIndex((site) => !knownCards.has(site.id));
    return (firstUnknown < 0 ? listed : listed.slice(0, firstUnknown)).map((site) => knownCards.get(site.id)).filter((card): card is ExplorerSite => !!card);
  }, [listed, knownCards, cardsFailed]);
  const waitingFor = unknownIds.length;
  // A new list (a filter changed) shows its loading state until its first page of cards is here; more
  // cards of the same list wait as skeletons at the end of the grid.
  const loading = filtered === null || (waitingFor > 0 && cards.length < Math.min(listed.length, CARD_PAGE_SIZE));
  const more = matchCount > from + visible;

  useEffect(() => {
    const index = focusCard.current;
    if (index === null) return;
    const link = gridRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li h2 a')[index];
    if (!link) return;
    focusCard.current = null;
    link.focus();
  }, [cards]);

  // The cards re-render only when the list shown changes (not when the map mounts or a search starts).
  const grid = useMemo(
    () => (
      <ul ref={gridRef} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((site) => (
          // Every card is laid out at once (no content-visibility): a card sized only when scrolled near
          // would move everything below it, 'Show more dive sites' included, under a visitor's pointer.
          <li key={site.id} className="flex">
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
    [cards, waitingFor, distances],
  );

  // The address follows the filters once the visitor changes one (the search text once typing pauses):
  // replaced, not pushed, so Back leaves the list as a whole.
  const chosen = useRef(false);
  const settledFilters = useMemo(() => ({ ...filters, search: settledTerm }), [filters, settledTerm]);
  useEffect(() => {
    if (!props.sortChoice || !chosen.current) return;
    const address = listAddress(settledFilters, topRated);
    if (address !== window.location.pathname + window.location.search) window.history.replaceState(window.history.state, '', address);
  }, [settledFilters, topRated, props.sortChoice]);

  const change = (next: DiveSiteFilters) => {
    chosen.current = true;
    setRouteMissing(false);
    setFilters(next);
    setVisible(CARD_PAGE_SIZE);
    setFrom(0);
  };

  // A link, so that it works before the script has run (the server shows that many cards); with every
  // site here, it adds the next cards in place.
  const showMore = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!wholeList) return;
    event.preventDefault();
    // The focus moves to the first new card once its text is here (fetched unless the page brought it).
    focusCard.current = visible;
    setVisible(visible + CARD_PAGE_SIZE);
  };
  const listQuery = new URLSearchParams(filtersQuery(filters));
  if (topRated) listQuery.set('sort', TOP_RATED);
  // Without JavaScript (or by view), more cards on this page up to its most, then the next page.
  const moreQuery = moreCardsQuery(listQuery, from, visible);
  const earlierQuery = from > 0 ? earlierCardsQuery(listQuery, from) : null;

  return (
    <div id="site-explorer" className="mx-auto max-w-7xl px-4 py-10">
      {props.sortChoice && <SortChoice topRated={topRated} filters={filters} />}
      <section aria-label="Map of dive sites">
        {/* Contained: the box's size never depends on the map, so Leaflet measuring it as it starts lays out
            the box alone, not the page around it. */}
        <div
          ref={mapBox}
          className="relative z-0 h-80 overflow-hidden contain-strict sm:h-[28rem] rounded-2xl ring-1 ring-slate-200"
          data-testid="dive-site-map"
        >
          {mapNear ? (
            <MapFailure>
              <Suspense fallback={<MapPlaceholder />}>
                {mapSites ? (
                  <DiveSiteMap
                    sites={mapSites}
                    viewUrl={viewUrl}
                    highlighted={byView ? matchCount > 0 : mapSites.length > 0}
                    view={view}
                    tiles={tiles}
                    cardOf={cardOf}
                  />
                ) : (
                  <MapPlaceholder />
                )}
              </Suspense>
            </MapFailure>
          ) : (
            <MapPlaceholder />
          )}
        </div>
      </section>

      <section aria-label="Filters" className="mt-8">
        <FilterPanel filters={filters} regions={regions} onChange={change} topRated={topRated} />
      </section>

      {/* It sorts the whole list: by view (many sites) the page has no list of every site's position. */}
      {!byView && (
        <div className="mt-6">
          <NearMeButton nearMe={nearMe} />
        </div>
      )}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" aria-live="polite" data-testid="dive-site-count">
          {loading ? 'Searching...' : `Showing ${matchCount} of ${allSites?.length ?? props.totalSites} dive sites`}
          {(searchFailed || outlookOf.failed || cardsFailed || (sitesFailed && filtered === null) || (byView && serverMatches.isError)) && (
            <span className="ml-2 text-red-700">Search failed. Please try again.</span>
          )}
        </p>
        <p className="flex flex-wrap gap-3 text-sm">
          <span className="text-slate-600">Download {isFiltered(filters) ? 'these sites' : 'all sites'}:</span>
          <a href={`/api/dive-sites/export/geojson${query}`} download className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
            GeoJSON
          </a>
          <a href={`/api/dive-sites/export/gpx${query}`} download className="inline-flex min-h-6 items-center font-semibold text-cyan-800 underline">
            GPX
          </a>
        </p>
      </div>

      <section aria-label="Dive sites" aria-busy={searching || waitingFor > 0} className="mt-6">
        {loading ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
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
            {grid}
            {cardsFailed && (
              <p className="mt-6 text-center">
                <button
                  type="button"
                  onClick={() => void pendingCards.refetch()}
                  className="inline-flex min-h-11 items-center rounded-lg border border-cyan-700 px-5 py-2 font-semibold text-cyan-800 hover:bg-cyan-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-600 focus-visible:ring-offset-2"
                >
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
                    <a
                      href={`/dive-sites?${earlierQuery}`}
                      className="inline-flex min-h-11 items-center rounded-lg border border-cyan-700 px-5 py-2 font-semibold text-cyan-800 hover:bg-cyan-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-cyan-600 focus-visible:ring-offset-2"
                    >
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
    </div>
  );
}
