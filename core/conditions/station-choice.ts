import { greatCircleKm } from '../geo';

/**
 * Which tide station a dive site's tides come from (issue 46): the nearest in the same body of water within
 * MAX_STATION_KM, never one across land or on the other side of a harbour's entrance where the tide
 * differs; none for freshwater sinkholes, caves and lakes; and the administrator's choice over all of it.
 */

/** How far a reference station may be from the site, in km. */
export const MAX_STATION_KM = 50;

/** The administrator's override meaning 'this site has no tide'. */
export const NO_TIDE = 'none';

export interface StationCandidate {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
}

export interface SiteForTides {
  name: string;
  kind: string;
  description: string;
  latitude: number;
  longitude: number;
  /** The administrator's choice: a station id, NO_TIDE, or null to choose by position. */
  tideStation: string | null;
}

export type NoTideReason = 'freshwater' | 'administrator' | 'no-station';

export type StationChoice<S extends StationCandidate = StationCandidate> =
  { tidal: true; station: S; distanceKm: number; chosenBy: 'position' | 'administrator' } | { tidal: false; reason: NoTideReason; message: string };

export const NO_TIDE_MESSAGES: Record<NoTideReason, string> = {
  freshwater: 'A freshwater sinkhole, cave or lake: it has no tide.',
  administrator: 'This site has no tide.',
  'no-station': `No tide station within ${MAX_STATION_KM} km in the same water.`,
};

/** Words in a cave or sinkhole's name or description that say it is fresh water, not the sea. */
const FRESHWATER = /\bfresh ?water\b|\bsinkholes?\b|\bspring-fed\b|\bponds?\b|\blakes?\b|\bcenotes?\b/i;

/** Whether the site is fresh water (a sinkhole, cave or lake inland), which has no tide. */
export function isFreshwater(site: Pick<SiteForTides, 'kind' | 'name' | 'description'>): boolean {
  return site.kind === 'cave-sinkhole' && FRESHWATER.test(`${site.name} ${site.description}`);
}

/** A ring of [longitude, latitude] points, closed or not. */
export type Ring = readonly (readonly [number, number])[];

/**
 * Enclosed waters whose tide differs from the sea's outside their entrance: a station inside answers for
 * sites inside only, and one outside for sites outside only. Each is a rough outline of the water, drawn
 * across its entrance; land inside the outline does not matter (only which side of the entrance a point is).
 */
export const ENCLOSED_WATERS: { name: string; outline: Ring }[] = [
  {
    // Drawn across the Heads just inside Point Lonsdale and Point Nepean: The Rip and the Point Lonsdale
    // gauge are at the entrance, on the sea's side; Queenscliff, Portsea and Pope's Eye are inside.
    name: 'Port Phillip',
    outline: [
      [144.63, -38.27],
      [144.58, -38.22],
      [144.33, -38.15],
      [144.33, -37.95],
      [144.6, -37.8],
      [145.0, -37.8],
      [145.2, -38.1],
      [145.1, -38.3],
      [145.0, -38.4],
      [144.85, -38.39],
      [144.76, -38.365],
      [144.66, -38.32],
    ],
  },
];

/** Whether the point [longitude, latitude] is inside the ring (even-odd rule). */
export function inRing(longitude: number, latitude: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The enclosed water a point is in, or null for the open sea. */
export function enclosedWater(latitude: number, longitude: number): string | null {
  return ENCLOSED_WATERS.find((water) => inRing(longitude, latitude, water.outline))?.name ?? null;
}

/** How far from either end a straight line is not checked for land (sites and gauges are on the shore). */
export const SHORE_KM = 1.5;
/** The spacing of the points checked along it. */
const STEP_KM = 0.25;

/**
 * Whether the straight line from the site to the station runs over land, by `isLand` at points every
 * 250 m, leaving out SHORE_KM at each end (a jetty, or a gauge on a pier, sits on the coastline).
 */
export function crossesLand(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
  isLand: (latitude: number, longitude: number) => boolean,
): boolean {
  const km = greatCircleKm(from.latitude, from.longitude, to.latitude, to.longitude);
  const checked = km - 2 * SHORE_KM;
  if (checked < 0) return false;
  const steps = Math.max(1, Math.ceil(checked / STEP_KM));
  for (let i = 0; i <= steps; i++) {
    const t = (SHORE_KM + (checked * i) / steps) / km;
    if (isLand(from.latitude + (to.latitude - from.latitude) * t, from.longitude + (to.longitude - from.longitude) * t)) return true;
  }
  return false;
}

export interface ChoiceInput<S extends StationCandidate> {
  site: SiteForTides;
  /** Stations near the site (any order; those past MAX_STATION_KM are left out here). */
  candidates: readonly S[];
  /** A station by id, for the administrator's choice (it may be farther than MAX_STATION_KM). */
  byId: (id: string) => S | undefined;
  /** Whether a point is land; without it, only the enclosed waters keep stations apart. */
  isLand?: (latitude: number, longitude: number) => boolean;
}

/** The site's reference station, or why it has none. */
export function chooseStation<S extends StationCandidate>({ site, candidates, byId, isLand }: ChoiceInput<S>): StationChoice<S> {
  const distance = (station: S) => greatCircleKm(site.latitude, site.longitude, station.latitude, station.longitude);
  if (site.tideStation === NO_TIDE) return { tidal: false, reason: 'administrator', message: NO_TIDE_MESSAGES.administrator };
  if (site.tideStation) {
    const station = byId(site.tideStation);
    if (station) return { tidal: true, station, distanceKm: distance(station), chosenBy: 'administrator' };
  }
  if (isFreshwater(site)) return { tidal: false, reason: 'freshwater', message: NO_TIDE_MESSAGES.freshwater };
  const water = enclosedWater(site.latitude, site.longitude);
  const ranked = candidates
    .map((station) => ({ station, km: distance(station) }))
    .filter(({ km }) => km <= MAX_STATION_KM)
    .sort((a, b) => a.km - b.km);
  for (const { station, km } of ranked) {
    if (enclosedWater(station.latitude, station.longitude) !== water) continue;
    if (isLand && crossesLand(site, station, isLand)) continue;
    return { tidal: true, station, distanceKm: km, chosenBy: 'position' };
  }
  return { tidal: false, reason: 'no-station', message: NO_TIDE_MESSAGES['no-station'] };
}
