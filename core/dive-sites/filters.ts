/**
 * The dive-site filters of SPEC sections 2, 5 and 9, shared by the server (the page before any script
 * runs, the exports) and the grid island, so both narrow the list the same way.
 */
import { SITE_ACCESSES, SITE_KINDS } from './fields';
import { DEFAULT_DAY, isDayChoice, isOutlookChoice } from 'core/outlook/site-outlook';

export const ALL = 'all';

export const SKILL_LEVEL_OPTIONS = ['Beginner', 'Intermediate', 'Advanced'] as const;

export type DepthBand = 'shallow' | 'medium' | 'deep';

export const DEPTH_BANDS: { value: DepthBand; label: string }[] = [
  { value: 'shallow', label: 'Shallow (up to 10 m)' },
  { value: 'medium', label: 'Medium (10-20 m)' },
  { value: 'deep', label: 'Deep (over 20 m)' },
];

/** Issue 30: the kind and access filters' options, as the form lists them. */
export const KIND_OPTIONS: { value: (typeof SITE_KINDS)[number]; label: string }[] = [
  { value: 'wreck', label: 'Wreck' },
  { value: 'reef', label: 'Reef' },
  { value: 'wall', label: 'Wall' },
  { value: 'cave-sinkhole', label: 'Cave or sinkhole' },
  { value: 'jetty-pier', label: 'Jetty or pier' },
  { value: 'drift', label: 'Drift' },
  { value: 'other', label: 'Other' },
];

/** 'Shore' lists the sites reached from the shore, those reached either way included; 'Boat' likewise. */
export const ACCESS_OPTIONS: { value: 'shore' | 'boat'; label: string }[] = [
  { value: 'shore', label: 'From the shore' },
  { value: 'boat', label: 'By boat' },
];

export interface DiveSiteFilters {
  search: string;
  region: string;
  skill: string;
  depth: string;
  kind: string;
  access: string;
  /** Issue 46: the outlook asked for (good, fair: Fair or better, poor) on `day`; 'all': any. Optional: the filters written before it. */
  outlook?: string;
  /** today, tomorrow or a weekday (core/outlook/site-outlook.ts); only read with an outlook. */
  day?: string;
}

export const DEFAULT_FILTERS: DiveSiteFilters = { search: '', region: ALL, skill: ALL, depth: ALL, kind: ALL, access: ALL, outlook: ALL, day: DEFAULT_DAY };

/** The stored access values a filter's value lists: 'shore' takes the sites reached either way too. */
export function accessesFor(access: string): string[] {
  return access === 'shore' || access === 'boat' ? [access, 'both'] : [...SITE_ACCESSES];
}

/** The largest number in a depth range such as '5-18m', '30+ m' or '12.5m'; null when there is none. */
export function maxDepth(depthRange: string | null | undefined): number | null {
  const numbers = (depthRange ?? '').match(/\d+(?:\.\d+)?/g);
  if (!numbers) return null;
  return Math.max(...numbers.map(Number));
}

/** SPEC section 9: shallow up to 10 m, medium above 10 up to 20 m, deep above 20 m, by the largest depth. */
export function depthBand(depthRange: string | null | undefined): DepthBand | null {
  const depth = maxDepth(depthRange);
  if (depth === null) return null;
  if (depth <= 10) return 'shallow';
  if (depth <= 20) return 'medium';
  return 'deep';
}

/** Filter values from a query string: anything unknown means 'all', so a bad link still shows the page. */
export function normaliseFilters(raw: Partial<Record<keyof DiveSiteFilters, unknown>>): DiveSiteFilters {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const skill = text(raw.skill);
  const depth = text(raw.depth);
  const kind = text(raw.kind);
  const access = text(raw.access);
  return {
    search: text(raw.search).trim().slice(0, 200),
    region: text(raw.region).trim() || ALL,
    skill: (SKILL_LEVEL_OPTIONS as readonly string[]).includes(skill) ? skill : ALL,
    depth: DEPTH_BANDS.some((band) => band.value === depth) ? depth : ALL,
    kind: KIND_OPTIONS.some((option) => option.value === kind) ? kind : ALL,
    access: ACCESS_OPTIONS.some((option) => option.value === access) ? access : ALL,
    outlook: isOutlookChoice(raw.outlook) ? raw.outlook : ALL,
    day: isDayChoice(raw.day) ? raw.day : DEFAULT_DAY,
  };
}

/** Whether the filters ask for an outlook (the sites answering it come from the server, as the text search's do). */
export function hasOutlook(filters: DiveSiteFilters): boolean {
  return isOutlookChoice(filters.outlook);
}

/**
 * Region and skill need an exact match and 'all' disables a filter (SPEC section 5). The text search is
 * done by the server (name, description, region, marine life); `searchMatches` holds its answer.
 */
export function matchesFilters(
  site: { id: number; region: string; skillLevel: string; depthRange: string; kind: string; access: string },
  filters: DiveSiteFilters,
  searchMatches: ReadonlySet<number> | null,
): boolean {
  return bandMatchesFilters({ ...site, depth: depthBand(site.depthRange) }, filters, searchMatches);
}

/** The same for a site whose depth band is already known (the map's compact list). */
export function bandMatchesFilters(
  site: { id: number; region: string; skillLevel: string; depth: DepthBand | null; kind: string; access: string },
  filters: DiveSiteFilters,
  searchMatches: ReadonlySet<number> | null,
): boolean {
  if (searchMatches && !searchMatches.has(site.id)) return false;
  if (filters.region !== ALL && site.region !== filters.region) return false;
  if (filters.skill !== ALL && site.skillLevel !== filters.skill) return false;
  if (filters.depth !== ALL && site.depth !== filters.depth) return false;
  if (filters.kind !== ALL && site.kind !== filters.kind) return false;
  if (filters.access !== ALL && !accessesFor(filters.access).includes(site.access)) return false;
  return true;
}

export function isFiltered(filters: DiveSiteFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.region !== ALL ||
    filters.skill !== ALL ||
    filters.depth !== ALL ||
    filters.kind !== ALL ||
    filters.access !== ALL ||
    hasOutlook(filters)
  );
}

/** The query string of the filters that are set, e.g. '?region=Tasmania&depth=deep'. */
export function filtersQuery(filters: DiveSiteFilters, searchName = 'search'): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set(searchName, filters.search.trim());
  if (filters.region !== ALL) params.set('region', filters.region);
  if (filters.skill !== ALL) params.set('skill', filters.skill);
  if (filters.depth !== ALL) params.set('depth', filters.depth);
  if (filters.kind !== ALL) params.set('kind', filters.kind);
  if (filters.access !== ALL) params.set('access', filters.access);
  if (hasOutlook(filters)) {
    params.set('outlook', filters.outlook as string);
    if (filters.day && filters.day !== DEFAULT_DAY) params.set('day', filters.day);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** `?sort=top-rated`: the list best rated first instead of by name. */
export const TOP_RATED = 'top-rated';

/** The address of /dive-sites for these filters and sort, as the no-JS form lands on it (canonicalListQuery). */
export function listAddress(filters: DiveSiteFilters, topRated: boolean): string {
  const params = new URLSearchParams(filtersQuery(filters));
  if (topRated) params.set('sort', TOP_RATED);
  const query = params.toString();
  return `/dive-sites${query ? `?${query}` : ''}`;
}

/** The filter parameters of /dive-sites, in the order of its form (and of `filtersQuery`). */
const FILTER_PARAMS = ['search', 'region', 'skill', 'depth', 'kind', 'access', 'outlook'] as const;

/**
 * The address of /dive-sites as the island writes it when a filter changes (`filtersQuery`, then `sort`),
 * from the query string the GET form sends without JavaScript ('?search=&region=Tasmania&skill=all...'):
 * the filters left empty or at 'all' dropped, everything else kept in its order. Null when the query is
 * already so, or when a parameter is repeated (left as it came).
 */
export function canonicalListQuery(query: string): string | null {
  const params = new URLSearchParams(query);
  let changed = false;
  for (const name of FILTER_PARAMS) {
    const values = params.getAll(name);
    if (values.length !== 1) continue;
    const value = values[0].trim();
    if (value === '' || value === ALL) {
      params.delete(name);
      changed = true;
    }
  }
  // The day is the outlook's: without one, or at its default (today), the island leaves it out.
  const days = params.getAll('day');
  if (days.length === 1 && (days[0].trim() === DEFAULT_DAY || days[0].trim() === '' || !params.has('outlook'))) {
    params.delete('day');
    changed = true;
  }
  if (!changed) return null;
  const next = params.toString();
  return next ? `?${next}` : '';
}

/**
 * The card grid shows this many cards, then a 'Show more dive sites' control adds as many again. The map
 * always shows every filtered site; 244 cards at once would make a 600 KB page that a phone must lay out.
 */
export const CARD_PAGE_SIZE = 24;

/**
 * The most cards one page shows: four 'Show more' steps. Past them the list goes on a page at a time
 * (`from`, firstCard), so no address renders every site's card (issue 42, F5: `?show=10000` at 10,000 sites
 * rendered them all, and exhausted the heap).
 */
export const MAX_CARDS_SHOWN = 4 * CARD_PAGE_SIZE;

/** The cards a page first shows, from its `show` query value: a whole number of pages, at least one, at most MAX_CARDS_SHOWN. */
export function cardsToShow(raw: unknown, total: number): number {
  const asked = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
  const pages = Math.ceil(Math.min(asked, Math.max(total, CARD_PAGE_SIZE), MAX_CARDS_SHOWN) / CARD_PAGE_SIZE);
  return Math.max(1, pages) * CARD_PAGE_SIZE;
}

/** The place in the list of a page's first card, from its `from` query value: a whole number of 'Show more' steps, within the list (0: its start). */
export function firstCard(raw: unknown, total: number): number {
  const asked = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
  return Math.floor(Math.min(asked, Math.max(0, total - 1)) / CARD_PAGE_SIZE) * CARD_PAGE_SIZE;
}

/**
 * The query of the list's next cards without JavaScript (`query` holds the filters and the order): more cards
 * on this page up to MAX_CARDS_SHOWN, then the page after this one, as many cards.
 */
export function moreCardsQuery(query: URLSearchParams, from: number, visible: number): URLSearchParams {
  const next = new URLSearchParams(query);
  if (visible + CARD_PAGE_SIZE <= MAX_CARDS_SHOWN) {
    if (from > 0) next.set('from', String(from));
    next.set('show', String(visible + CARD_PAGE_SIZE));
  } else {
    next.set('from', String(from + visible));
    next.set('show', String(MAX_CARDS_SHOWN));
  }
  return next;
}

/** The query of the page before one that starts at `from` (> 0): a whole page of cards ending where this one starts. */
export function earlierCardsQuery(query: URLSearchParams, from: number): URLSearchParams {
  const previous = new URLSearchParams(query);
  const start = Math.max(0, from - MAX_CARDS_SHOWN);
  if (start > 0) previous.set('from', String(start));
  previous.set('show', String(from - start));
  return previous;
}

/** SPEC section 9: description 120, marine life 100, hazards 80 characters on a card. */
export const CARD_LIMITS = { description: 120, marineLife: 100, hazards: 80 } as const;

export function truncate(text: string, max: number): string;
export function truncate(text: string | null, max: number): string | null;
export function truncate(text: string | null, max: number): string | null {
  if (text === null) return null;
  if (text.length <= max) return text;
  // Cut at the last space within the limit (never mid-word, 'Ospre...'), unless that loses more than half
  // of it (one very long word); then drop the trailing punctuation the cut leaves.
  const head = text.slice(0, max);
  const space = head.search(/\s\S*$/);
  const endsAWord = /[\s,.;:!?)]/.test(text[max]);
  const cut = endsAWord || space <= max / 2 ? head : head.slice(0, space);
  return `${cut.trimEnd().replace(/[\s,;:.\-–—(]+$/, '')}...`;
}

/** SPEC section 9: Beginner green, Intermediate yellow, anything else red. */
export function skillBadgeClass(skillLevel: string): string {
  if (skillLevel === 'Beginner') return 'bg-green-100 text-green-800 ring-green-600/20';
  if (skillLevel === 'Intermediate') return 'bg-yellow-100 text-yellow-800 ring-yellow-600/30';
  return 'bg-red-100 text-red-800 ring-red-600/20';
}
