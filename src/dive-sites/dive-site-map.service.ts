import { outlookIds } from 'src/forecast/outlook-filter';
import { SiteOutlooksService } from 'src/forecast/site-outlooks.service';
import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import type { DepthBand } from 'core/dive-sites/filters';
import { encodeMapPayload, type MapPayload } from 'core/dive-sites/map-payload';
import { cellDegrees, MAP_LIST_MAX, SINGLES_FROM_ZOOM, VIEW_SITES_MAX, type MapBox, type MapViewAnswer } from 'core/dive-sites/map-view';
import { errorBody } from 'src/common/error-body';
import { DiveSite } from './dive-site.entity';
import { DEPTH_BAND_SQL, HUMAN_ORDER, MAP_COLUMNS, narrowsByKindOrAccess, whereKindAndAccess } from './dive-site-sql';
import { DiveSitesService } from './dive-sites.service';
import type { DiveSiteFiltersDto, DiveSiteMapViewQueryDto } from './dto/dive-site-filters.dto';

/** A site's longitude as the map draws it: east of the antimeridian one world east (client/lib/dive-sites/map.ts, mapPosition). */
const DRAWN_LNG = 'CASE WHEN site.longitude < -30 THEN site.longitude + 360 ELSE site.longitude END';

/** The sites matching a filter: their ids by name, their mean position and their box [[south, west], [north, east]]. */
export interface MapMatches {
  ids: number[];
  center: [number, number] | null;
  bounds: [[number, number], [number, number]] | null;
}

/** What a page has already read for its filters: the text search's ids and the outlook's (null: not asked). */
export interface KnownMatches {
  search: number[] | null;
  outlook: number[] | null;
}

/** Whether a filter other than the text search and the outlook narrows the sites (region, skill, depth, kind, access). */
const narrows = (filters: DiveSiteFiltersDto): boolean =>
  [filters.region, filters.skill, filters.depth].some((value) => !!value && value !== 'all') || narrowsByKindOrAccess(filters);

/** The matches' centre and box alone. */
export type MapBoxOf = Pick<MapMatches, 'center' | 'bounds'>;

const round = (value: number) => Math.round(value * 1e5) / 1e5;

function badBox(message: string): never {
  throw new BadRequestException(errorBody(400, message, { bbox: [message] }));
}

/** `west,south,east,north` read and checked (the DTO has checked its form). */
export function parseBox(bbox: string): MapBox {
  const [west, south, east, north] = bbox.split(',').map(Number);
  if ([west, east].some((lng) => lng < -180 || lng > 180)) badBox('bbox longitudes must be from -180 to 180');
  if ([south, north].some((lat) => lat < -90 || lat > 90)) badBox('bbox latitudes must be from -90 to 90');
  if (south > north) badBox('bbox south must not be above north');
  return { west, south, east, north };
}

/**
 * How many sites `query` matches, counted no further than `limit` (a LIMIT under the count): whether they are
 * more than a bound costs that many index entries, not a count of every site (24,700 at 100x).
 */
async function countUpTo(query: SelectQueryBuilder<DiveSite>, limit: number): Promise<number> {
  const [sql, parameters] = query.clone().select('1').limit(limit).getQueryAndParameters();
  const [{ count }] = (await query.connection.query(`SELECT count(*)::int AS count FROM (${sql}) AS matched`, parameters)) as { count: number }[];
  return count;
}

/**
 * The map by viewport (issue 31): the sites of a box, or the clusters of a grid over it when they are
 * many, counted and averaged by PostgreSQL (GROUP BY the grid cell), so an answer stays a few KB whatever
 * the number of sites. The box's latitude band is read from IDX_dive_sites_latitude.
 */
@Injectable()
export class DiveSiteMapService {
  /** The box of each outlook filter's ids, or of a text search's (box), dropped with them. */
  private readonly keptBoxes = new WeakMap<number[], MapBoxOf>();

  /** everySite's answer and the sites' revision it was read at. */
  private everySiteKept: { revision: string; answer: MapPayload | MapViewAnswer } | null = null;

  constructor(
    @InjectRepository(DiveSite) private readonly sites: Repository<DiveSite>,
    private readonly diveSites: DiveSitesService,
    private readonly outlooks: SiteOutlooksService,
  ) {}

  /** The sites matching /dive-sites' filters (text search, exact region and skill, depth band, kind and access). */
  private async matching(filters: DiveSiteFiltersDto, known?: KnownMatches): Promise<SelectQueryBuilder<DiveSite>> {
    const query = this.sites.createQueryBuilder('site');
    const term = (filters.q || filters.search || '').trim();
    if (term) {
      const ids = known?.search ?? (await this.diveSites.searchIds(term));
      // One array parameter, not one per site: 'reef' finds 16,435 sites at 100x.
      query.andWhere(ids.length ? 'site.id = ANY(:ids)' : 'false', { ids });
    }
    if (filters.region && filters.region !== 'all') query.andWhere('site.region = :region', { region: filters.region });
    if (filters.skill && filters.skill !== 'all') query.andWhere('site.skillLevel = :skill', { skill: filters.skill });
    const band = DEPTH_BAND_SQL[filters.depth as DepthBand];
    if (band) query.andWhere(band);
    whereKindAndAccess(query, filters);
    const outlook = known ? known.outlook : await outlookIds(this.outlooks, filters);
    if (outlook) query.andWhere('site.id = ANY(:outlook)', { outlook });
    return query;
  }

  /**
   * Every site, compact, up to MAP_LIST_MAX of them; beyond that the world's view at zoom 3 (its clusters).
   * Kept under the sites' revision (one row read; the dive_sites triggers move it for a site added, removed or
   * changed in any column the map reads, whoever writes): the clusters of 24,700 sites are read once per change,
   * not for every answer.
   */
  async everySite(): Promise<MapPayload | MapViewAnswer> {
    const [{ revision }] = (await this.sites.query('SELECT revision FROM dive_site_revision')) as { revision: string }[];
    if (this.everySiteKept?.revision === revision) return this.everySiteKept.answer;
    const answer = await this.readEverySite();
    this.everySiteKept = { revision, answer };
    return answer;
  }

  private async readEverySite(): Promise<MapPayload | MapViewAnswer> {
    if ((await countUpTo(this.sites.createQueryBuilder('site'), MAP_LIST_MAX + 1)) > MAP_LIST_MAX) return this.view({ bbox: '-180,-90,180,90', zoom: '3' });
    return encodeMapPayload(await this.diveSites.mapSites());
  }

  async view(filters: DiveSiteMapViewQueryDto): Promise<MapViewAnswer> {
    const box = parseBox(filters.bbox);
    const zoom = Number(filters.zoom);
    const query = await this.matching(filters);
    query.andWhere('site.latitude BETWEEN :south AND :north', box);
    // West above east: the box crosses the antimeridian (Fiji's 178 to Samoa's -172).
    query.andWhere(box.west <= box.east ? 'site.longitude BETWEEN :west AND :east' : '(site.longitude >= :west OR site.longitude <= :east)', box);
    // Counted only as far as VIEW_SITES_MAX: past it the total is the clusters' sum, read with them.
    const few = await countUpTo(query, VIEW_SITES_MAX + 1);
    if (few <= VIEW_SITES_MAX) {
      const rows = await query.select(MAP_COLUMNS).orderBy(`site.name ${HUMAN_ORDER}`).addOrderBy('site.id').getMany();
      return { total: few, cell: 0, clusters: [], ...encodeMapPayload(rows) };
    }
    // Too many to draw alone, whatever the zoom (from SINGLES_FROM_ZOOM on, a box this full is rare: its grid is the finest).
    const cell = cellDegrees(Math.max(zoom, 0), box) / (zoom >= SINGLES_FROM_ZOOM ? 2 : 1);
    const groups = await query
      .clone()
      .select('COUNT(*)::int', 'count')
      .addSelect('AVG(site.latitude)::float8', 'lat')
      .addSelect('AVG(site.longitude)::float8', 'lng')
      .addSelect('MIN(site.id)', 'id')
      .groupBy(`floor(site.latitude / ${cell})`)
      .addGroupBy(`floor(site.longitude / ${cell})`)
      .getRawMany<{ count: number; lat: number; lng: number; id: number }>();
    const total = groups.reduce((sum, group) => sum + group.count, 0);
    const alone = groups.filter((group) => group.count === 1).map((group) => group.id);
    const rows = alone.length
      ? await this.sites
          .createQueryBuilder('site')
          .select(MAP_COLUMNS)
          .where('site.id IN (:...alone)', { alone })
          .orderBy(`site.name ${HUMAN_ORDER}`)
          .addOrderBy('site.id')
          .getMany()
      : [];
    const clusters = groups
      .filter((group) => group.count > 1)
      .map((group): [number, number, number] => [round(group.lat), round(group.lng), group.count])
      .sort((a, b) => b[2] - a[2]);
    return { total, cell: round(cell), clusters, ...encodeMapPayload(rows) };
  }

  /**
   * The ids of every site matching the filters, by name, and their mean position (the map's centre for a
   * search, with Pacific sites east of the antimeridian counted one world east as the map draws them).
   */
  async matches(filters: DiveSiteFiltersDto): Promise<MapMatches> {
    const query = await this.matching(filters);
    const [rows, box] = await Promise.all([
      query.clone().select('site.id', 'id').orderBy(`site.name ${HUMAN_ORDER}`).addOrderBy('site.id').getRawMany<{ id: number }>(),
      this.boxOf(query),
    ]);
    return { ids: rows.map((row) => row.id), ...box };
  }

  /**
   * Only the matches' centre and box: what the page itself gives the map for the filters it came with when
   * the sites are too many to list whole (issue 47), so the map fits every match, not the first cards.
   */
  async box(filters: DiveSiteFiltersDto, known?: KnownMatches): Promise<MapBoxOf> {
    // The outlook's ids alone: their box is kept with them (the same array while the forecast, the sites and the
    // dates stay: SiteOutlooksService.matchingIds), not read again over 5,800 ids for every page at 100x. So is
    // the text search's alone (the same array while the sites' revision stays: DiveSitesService.searchMatch;
    // issue 46: 16,435 ids for 'reef').
    const term = (filters.q || filters.search || '').trim();
    const outlookOnly = known?.outlook && !known.search && !term && !narrows(filters);
    const searchOnly = known?.search && !known.outlook && term && !narrows(filters);
    const ids = outlookOnly ? known.outlook : searchOnly ? known.search : null;
    if (!ids) return this.boxOf(await this.matching(filters, known));
    const kept = this.keptBoxes.get(ids);
    if (kept) return kept;
    const box = await this.boxOf(await this.matching(filters, known));
    this.keptBoxes.set(ids, box);
    return box;
  }

  private async boxOf(query: SelectQueryBuilder<DiveSite>): Promise<MapBoxOf> {
    const mean = await query
      .clone()
      .select('AVG(site.latitude)::float8', 'lat')
      .addSelect(`AVG(${DRAWN_LNG})::float8`, 'lng')
      .addSelect('MIN(site.latitude)::float8', 'south')
      .addSelect(`MIN(${DRAWN_LNG})::float8`, 'west')
      .addSelect('MAX(site.latitude)::float8', 'north')
      .addSelect(`MAX(${DRAWN_LNG})::float8`, 'east')
      .getRawOne<{ lat: number | null; lng: number | null; south: number | null; west: number | null; north: number | null; east: number | null }>();
    const center: [number, number] | null = mean?.lat != null && mean.lng != null ? [round(mean.lat), round(mean.lng)] : null;
    // The box the map fits for a filter other than a search (issue 47).
    const bounds: MapMatches['bounds'] =
      mean?.south != null && mean.west != null && mean.north != null && mean.east != null
        ? [
            [round(mean.south), round(mean.west)],
            [round(mean.north), round(mean.east)],
          ]
        : null;
    return { center, bounds };
  }
}
