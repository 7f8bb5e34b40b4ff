/** The map rules of SPEC sections 4, 5 and 9, as pure functions (the map island draws what they decide). */

export const DEFAULT_CENTER: [number, number] = [-25, 134];
export const DEFAULT_ZOOM = 3;
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 18;
export const SINGLE_SITE_ZOOM = 12;
export const SEVERAL_SITES_ZOOM = 8;
/** The clickable area of a marker: at least 24 px whatever the dot's size (WCAG 2.2 target size). */
export const MIN_TARGET_PX = 24;

/** Marker diameter in px: 2 x max(1, zoom - 2) capped at 20; highlighted 3 x that, capped at 24. */
export function markerSize(zoom: number, highlighted: boolean): number {
  const base = Math.max(1, zoom - 2);
  return highlighted ? Math.min(3 * base, 24) : Math.min(2 * base, 20);
}

/** A site's [latitude, longitude], or null when either is not a finite number in range. */
export function parseCoordinates(site: {
  latitude: string | number | null | undefined;
  longitude: string | number | null | undefined;
}): [number, number] | null {
  const toNumber = (value: string | number | null | undefined) =>
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  const lat = toNumber(site.latitude);
  const lng = toNumber(site.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lat, lng];
}

/**
 * Where a site is drawn. The map is centred on Australia (longitude 134), so Pacific sites east of the
 * antimeridian (Samoa, Tonga's east, the Cook Islands, French Polynesia, at longitudes around -150 to
 * -180) are drawn one world to the east (+360), beside Fiji and Vanuatu, rather than off the left edge.
 */
export function mapPosition(site: Parameters<typeof parseCoordinates>[0]): [number, number] | null {
  const point = parseCoordinates(site);
  if (!point) return null;
  return point[1] < -30 ? [point[0], point[1] + 360] : point;
}

export interface MapView {
  center: [number, number];
  zoom: number;
}

/**
 * With a non-empty search and matching sites with valid coordinates: their mean position, zoom 12 for
 * one site and 8 for several; otherwise the whole of Australia.
 */
export function mapView(search: string, matches: Parameters<typeof parseCoordinates>[0][]): MapView {
  const points = matches.map(mapPosition).filter((point): point is [number, number] => point !== null);
  if (!search.trim() || points.length === 0) return { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM };
  const mean = (index: 0 | 1) => points.reduce((sum, point) => sum + point[index], 0) / points.length;
  return { center: [mean(0), mean(1)], zoom: points.length === 1 ? SINGLE_SITE_ZOOM : SEVERAL_SITES_ZOOM };
}

/** The closest zoom a fitted view goes to: one site, or a few on one reef, show their coast, not its streets. */
export const FIT_MAX_ZOOM = 10;
/** The margin in px kept around the fitted sites, so no marker sits on the map's edge. */
export const FIT_PADDING_PX = 32;

/** A box [[south, west], [north, east]] the map fits (its sites as the map draws them: see mapPosition). */
export interface MapBounds {
  bounds: [[number, number], [number, number]];
}

/** Where the map goes: a centre and zoom, or a box to fit. */
export type MapTarget = MapView | MapBounds;

/** The box around these sites as the map draws them; null when none has a position. */
export function boundsOf(sites: Parameters<typeof parseCoordinates>[0][]): MapBounds | null {
  const points = sites.map(mapPosition).filter((point): point is [number, number] => point !== null);
  if (points.length === 0) return null;
  const lats = points.map((point) => point[0]);
  const lngs = points.map((point) => point[1]);
  return {
    bounds: [
      [Math.min(...lats), Math.min(...lngs)],
      [Math.max(...lats), Math.max(...lngs)],
    ],
  };
}

/**
 * Where the map follows the filters (issue 47): a search keeps SPEC's recentre (mapView); any other filter
 * (region, skill, depth, kind, access) fits the matching sites' box; with no filter, SPEC's default view.
 */
export function mapTarget(search: string, filtered: boolean, matches: Parameters<typeof parseCoordinates>[0][]): MapTarget {
  if (search.trim() || !filtered) return mapView(search, matches);
  return boundsOf(matches) ?? mapView('', []);
}

/** A target as a string: the map moves only when it changes (the parent builds new arrays on every render). */
export const targetKey = (target: MapTarget): string => JSON.stringify(target);

/** Something drawn on the map at a pixel position: a site (count 1) or a cluster of `count` sites. */
export interface Mark<T> {
  x: number;
  y: number;
  count: number;
  value: T;
}

/** Marks drawn as one: at the position of the first, standing for all their sites. */
export interface MarkGroup<T> {
  x: number;
  y: number;
  count: number;
  values: T[];
}

/**
 * Marks whose square hit areas (`side(count)` px) would overlap are drawn as one, so that no target covers
 * part of another (WCAG 2.2 target size; two sites a few pixels apart at a low zoom). The largest marks come
 * first and each joins the first group it would overlap; a group drawn at its first mark's position cannot
 * move onto another, and as groups grow (so do their squares) the pass is repeated until nothing overlaps.
 */
export function declutter<T>(marks: Mark<T>[], side: (count: number) => number): MarkGroup<T>[] {
  let groups = [...marks].sort((a, b) => b.count - a.count).map(({ x, y, count, value }) => ({ x, y, count, values: [value] }));
  for (;;) {
    const kept: MarkGroup<T>[] = [];
    for (const group of groups) {
      const size = side(group.count);
      const into = kept.find((other) => {
        const reach = (side(other.count) + size) / 2;
        return Math.abs(other.x - group.x) < reach && Math.abs(other.y - group.y) < reach;
      });
      if (!into) kept.push(group);
      else {
        into.count += group.count;
        into.values.push(...group.values);
      }
    }
    if (kept.length === groups.length) return kept;
    groups = kept;
  }
}
