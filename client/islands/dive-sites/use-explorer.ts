import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from 'client/lib/use-debounced-value';
import { trackEvent } from '../../lib/analytics';
import { getJson } from '../../lib/api';
import {
  ALL,
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
import { mapTarget, SEVERAL_SITES_ZOOM, SINGLE_SITE_ZOOM, type MapTarget } from '../../lib/dive-sites/map';
import type { ExplorerSite } from 'core/dive-sites/types';
import type { DiveSiteExplorerProps } from './explorer-props';
import { distancesFrom, useNearMe } from './NearMe';

const SEARCH_DELAY_MS = 250;
const NONE: MapSite[] = [];
/** Many sites (more than MAP_LIST_MAX): the map asks by view, and a filter's matches come from the server. */
const MAP_VIEW_URL = '/api/dive-sites/map/view';
const MATCHES_URL = '/api/dive-sites/map/matches';
/** The cards one request asks for (the server's limit). */
const CARDS_PER_REQUEST = 100;
/** The cards of these sites: null for a site that no longer exists. */
const CARDS_TIMEOUT_MS = 20_000;

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

interface ServerMatches {
  ids: number[];
  center: [number, number] | null;
  bounds?: [[number, number], [number, number]] | null;
}

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

/** How many filters are set (the search text counts as one): the phone's 'Filters · 2'. */
export const filtersSet = (filters: DiveSiteFilters): number =>
  (filters.search.trim() ? 1 : 0) + [filters.region, filters.skill, filters.depth, filters.kind, filters.access].filter((value) => value !== ALL).length;

/**
 * The explorer's state: the filters (and the address that follows them), every site for the map, the search
 * and the server's matches, the 'Top rated' order, 'Near me', the cards shown and fetched, the map's target
 * and the site a card points at. The explorer's parts only draw what it returns.
 */
export function useExplorer(props: DiveSiteExplorerProps) {
  const { routeSite } = props;
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
  // The site whose card is hovered or focused: marked on the map.
  const [pointed, setPointed] = useState<number | null>(null);

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
    queryFn: () => getJson<ServerMatches>(`${MATCHES_URL}${settledQuery}`),
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
  const filteredNow = isFiltered(filters);
  const center = listedByServer?.center;
  const serverBounds = listedByServer?.bounds;
  const serverCount = listedByServer?.ids.length ?? 0;
  // Issue 47: the map follows the filters. A search keeps SPEC's recentre; any other filter fits its sites.
  const target = useMemo((): MapTarget => {
    // By view, the server's answer for the visitor's filters; the page's own sites until then.
    if (byView && term && center) return { center, zoom: serverCount === 1 ? SINGLE_SITE_ZOOM : SEVERAL_SITES_ZOOM };
    if (byView && !term && serverBounds) return { bounds: serverBounds };
    // By view with the page's own filters: every match's box as the server read it with the page.
    const box = byView && ownFilters ? props.initialBox : null;
    if (box && term && box.center) return { center: box.center, zoom: props.matchCount === 1 ? SINGLE_SITE_ZOOM : SEVERAL_SITES_ZOOM };
    if (box && !term && box.bounds) return { bounds: box.bounds };
    return mapTarget(term, filteredNow, mapSites ?? NONE);
  }, [byView, term, filteredNow, center, serverBounds, serverCount, mapSites, ownFilters, props.initialBox, props.matchCount]);
  const viewUrl = byView && !routeMissing ? `${MAP_VIEW_URL}${ownFilters ? filtersQuery(props.initialFilters) : settledQuery}` : undefined;
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
  // The card pointed at, for the map: its position from every site, or from its card.
  const pointedSite = useMemo(() => {
    if (pointed === null) return null;
    const card = knownCards.get(pointed);
    return allSites?.find((site) => site.id === pointed) ?? (card ? toMapSite(card) : null);
  }, [pointed, allSites, knownCards]);

  return {
    filters,
    change,
    topRated,
    byView,
    nearMe,
    distances,
    shown,
    cards,
    gridRef,
    waitingFor,
    loading,
    searching,
    matchCount,
    totalCount: allSites?.length ?? props.totalSites,
    failed: searchFailed || outlookOf.failed || cardsFailed || (sitesFailed && filtered === null) || (byView && serverMatches.isError),
    cardsFailed,
    retryCards: () => void pendingCards.refetch(),
    more,
    from,
    showMore,
    // Without JavaScript (or by view), more cards on this page up to its most, then the next page.
    moreQuery: moreCardsQuery(listQuery, from, visible),
    earlierQuery: from > 0 ? earlierCardsQuery(listQuery, from) : null,
    downloadQuery: filtersQuery(filters, 'q'),
    map: {
      sites: mapSites,
      viewUrl,
      highlighted: byView ? matchCount > 0 : (mapSites?.length ?? 0) > 0,
      target,
      cardOf,
      pointed: pointedSite,
    },
    point: setPointed,
  };
}

export type Explorer = ReturnType<typeof useExplorer>;
