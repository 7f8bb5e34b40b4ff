import type { SelectQueryBuilder } from 'typeorm';
import { accessesFor, ALL, type DepthBand } from 'core/dive-sites/filters';
import type { DiveSite } from './dive-site.entity';

/**
 * The dive sites' SQL that more than one reader shares (the list, the map, the search, 'Top rated', a
 * site's nearby ones): the human order of names, SPEC's depth bands, the kind and access filter, and the
 * great-circle queries of nearby().
 */

/**
 * Names sort as a person expects, ignoring case and accents ('ex-HMAS Brisbane' among the E's, 'Île des
 * Pins' among the I's): ICU's root collation, which the embedded PostgreSQL has and which matches the
 * browser's localeCompare used by the admin screen.
 */
export const HUMAN_ORDER = 'COLLATE "und-x-icu"';

/** SPEC section 9's depth bands in SQL, by the largest number in depthRange (as core/dive-sites/filters' depthBand). */
const MAX_DEPTH_SQL = `(SELECT MAX(m[1]::numeric) FROM regexp_matches(site."depthRange", '\\d+(?:\\.\\d+)?', 'g') AS m)`;
export const DEPTH_BAND_SQL: Record<DepthBand, string> = {
  shallow: `${MAX_DEPTH_SQL} <= 10`,
  medium: `${MAX_DEPTH_SQL} > 10 AND ${MAX_DEPTH_SQL} <= 20`,
  deep: `${MAX_DEPTH_SQL} > 20`,
};

/** A site near another: its distance in km, great-circle. */
export interface NearbySite {
  id: number;
  name: string;
  skillLevel: string;
  km: number;
}

/**
 * 'Top rated': a Bayesian average, (PRIOR_WEIGHT x the site-wide mean + the site's stars) / (PRIOR_WEIGHT +
 * its count), so a site's few ratings count as much as they deserve: one 5 does not outrank fifty 4.8s.
 */
export const PRIOR_WEIGHT = 5;

/** Issue 30: `kind` exact, `access` shore or boat (a site reached either way is in both); 'all' or absent: any. */
export function whereKindAndAccess(query: SelectQueryBuilder<DiveSite>, filters: { kind?: string; access?: string }): void {
  if (filters.kind && filters.kind !== ALL) query.andWhere('site.kind = :kind', { kind: filters.kind });
  if (filters.access && filters.access !== ALL) query.andWhere('site.access IN (:...accesses)', { accesses: accessesFor(filters.access) });
}

/** What one page of the sites by name may be narrowed by (DiveSitesService.page). */
export interface SitePageFilter {
  region?: string;
  q?: string;
  photo?: 'with' | 'without';
  video?: boolean;
  tolerant?: boolean;
  kind?: string;
  access?: string;
  ids?: number[];
  /** The ids are in the list's order (by name, as the outlook filter's are). */
  idsByName?: boolean;
}

/** Whether whereKindAndAccess narrows the query. */
export const narrowsByKindOrAccess = (filters: { kind?: string; access?: string }): boolean =>
  (!!filters.kind && filters.kind !== ALL) || (!!filters.access && filters.access !== ALL);

/** The columns the map and its filters read (core/dive-sites/map-payload.ts). */
export const MAP_COLUMNS = [
  'site.id',
  'site.name',
  'site.latitude',
  'site.longitude',
  'site.region',
  'site.skillLevel',
  'site.depthRange',
  'site.featured',
  'site.kind',
  'site.access',
];

export const NEARBY_LIMIT = 6;
export const NEARBY_KM = 100;

/** The spatial index of nearby(): each site's point on the unit sphere, in cube's GiST. */
export const NEARBY_INDEX = 'IDX_dive_sites_earth';

/**
 * 'Top rated' in SQL, on the alias `site`: the rated sites first, best first by the Bayesian average (a few
 * ratings pulled towards the site-wide mean), then by more ratings; the sites nobody has rated after them,
 * by name. A site rated 3.5 from two ratings is above every unrated one: it has a rating to show.
 */
export const TOP_RATED_ORDER = `site."ratingCount" = 0,
  (${PRIOR_WEIGHT} * (SELECT coalesce(sum("ratingSum")::float8 / nullif(sum("ratingCount"), 0), 0) FROM dive_sites)
    + site."ratingSum") / (${PRIOR_WEIGHT} + site."ratingCount") DESC,
  site."ratingCount" DESC, site.name ${HUMAN_ORDER}, site.id`;

/** The great-circle distance in km (haversine) between the sites `here` and `other`. */
const KM_SQL = `2 * 6371 * asin(least(1, sqrt(
    power(sin(radians(other.latitude - here.latitude) / 2), 2) +
    cos(radians(here.latitude)) * cos(radians(other.latitude)) * power(sin(radians(other.longitude - here.longitude) / 2), 2)
  )))::float8`;

/** A site's point on the unit sphere (x, y, z), the expression IDX_dive_sites_earth holds (migrations/1797700000000-NearbySiteIndex.ts). */
const EARTH_SQL = (alias: string) => `dive_site_point(${alias}.latitude::float8, ${alias}.longitude::float8)`;
const HERE_SQL = `(SELECT ${EARTH_SQL('site')} FROM dive_sites site WHERE site.id = $1)`;

/**
 * nearby() on the spatial index: the $3 nearest others in the index's order (cube's <->, the straight line
 * through the earth, in the same order as the great circle), and the farthest of them bounds a box read from
 * the index again, so a site as far as the last one (same place, other name) is not left out by chance; that
 * reach is at most NEARBY_KM's ($2) straight line. Those few are ordered by km and name.
 */
export const NEARBY_BY_INDEX = `
  WITH nearest AS (
    SELECT ${EARTH_SQL('other')} <-> ${HERE_SQL} AS chord
    FROM dive_sites other
    WHERE other.id <> $1
    ORDER BY ${EARTH_SQL('other')} <-> ${HERE_SQL}
    LIMIT $3
  ), reach AS (
    SELECT least(coalesce(max(chord), 0), 2 * sin($2 / 6371.0 / 2)) + 1e-7 AS radii FROM nearest
  )
  SELECT id, name, "skillLevel", km FROM (
    SELECT other.id, other.name, other."skillLevel", ${KM_SQL} AS km
    FROM dive_sites other, dive_sites here, reach
    WHERE here.id = $1 AND other.id <> here.id AND cube_enlarge(${HERE_SQL}, reach.radii, 3) @> ${EARTH_SQL('other')}
  ) distances
  WHERE km <= $2
  ORDER BY km, name ${HUMAN_ORDER}, id
  LIMIT $3`;

/**
 * nearby() without the spatial index: a degree of latitude is 111.2 km anywhere, so a site more than $2 / 111
 * degrees north or south is never within $2 km; that band is read from the latitude index, before any
 * trigonometry (longitude has no such bound across 180 degrees).
 */
export const NEARBY_BY_LATITUDE = `
  SELECT id, name, "skillLevel", km FROM (
    SELECT other.id, other.name, other."skillLevel", ${KM_SQL} AS km
    FROM dive_sites other, dive_sites here
    WHERE here.id = $1 AND other.id <> here.id
      AND other.latitude BETWEEN here.latitude - $2 / 111.0 AND here.latitude + $2 / 111.0
  ) distances
  WHERE km <= $2
  ORDER BY km, name ${HUMAN_ORDER}, id
  LIMIT $3`;
