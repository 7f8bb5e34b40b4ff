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
export function mapView(search: string, matches: { latitude: string | number | null; longitude: string | number | null }[]): MapView {
  const points = matches.map(mapPosition).filter((point): point is [number, number] => point !== null);
  if (!search.trim() || points.length === 0) return { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM };
  const mean = (index: 0 | 1) => points.reduce((sum, point) => sum + point[index], 0) / points.length;
  return { center: [mean(0), mean(1)], zoom: points.length === 1 ? SINGLE_SITE_ZOOM : SEVERAL_SITES_ZOOM };
}

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
