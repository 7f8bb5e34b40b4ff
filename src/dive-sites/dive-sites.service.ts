import { createHash } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import { ALL, isFiltered, type DepthBand, type DiveSiteFilters } from 'core/dive-sites/filters';
import type { Page } from 'src/lists/admin-page';
import type { ListSlice } from 'src/lists/list-slice.dto';
import { Clock } from 'src/common/clock';
import { DiveSite } from './dive-site.entity';
import {
  DEPTH_BAND_SQL,
  HUMAN_ORDER,
  MAP_COLUMNS,
  NEARBY_BY_INDEX,
  NEARBY_BY_LATITUDE,
  NEARBY_INDEX,
  NEARBY_KM,
  NEARBY_LIMIT,
  narrowsByKindOrAccess,
  type SitePageFilter,
  TOP_RATED_ORDER,
  whereKindAndAccess,
  type NearbySite,
} from './dive-site-sql';
import { assignSiteFields } from './dive-site-write';
import { latestReports, ratingSummaries } from './site-card-extras';
import { anySiteText, inListOrder, matchingSiteIds, siteTextMatch, type SiteMatch } from './dive-site-text';
import type { DiveSiteFiltersDto } from './dto/dive-site-filters.dto';
import type { DiveSiteWriteDto, UpdatePhotoDto, UpdateReviewLinkDto, UpdateVideoDto } from './dto/dive-site-write.dto';

export const SITE_NOT_FOUND = 'Dive site not found';

/** Sites in one answer of GET /api/dive-sites (and its search) when the call names no `limit`. */
export const DIVE_SITE_PAGE_SIZE = 100;

/** Sites read by one query of an export (DiveSitesService.filtered): a few hundred in memory at a time. */
export const EXPORT_BATCH = 500;

/**
 * The exports' batches read at once, all downloads together: however many run and however fast they read,
 * they take at most this many of the pool's connections (src/database/data-source-options.ts: 10), the rest
 * stay the pages'.
 */
const EXPORT_READERS = 3;
const exportReads = pLimit(EXPORT_READERS);

/** The most site ids the kept text searches hold in all (about 8 bytes each). */
const KEPT_SEARCH_IDS = 250_000;

@Injectable()
export class DiveSitesService {
  constructor(
    @InjectRepository(DiveSite) private readonly sites: Repository<DiveSite>,
    private readonly clock: Clock,
  ) {}

  /**
   * The text searches this process has answered, each under the revision of the sites' text it was read at
   * (`revision\nterm`): the same term at the same revision finds the same sites. Bounded by the ids they
   * hold in all (a search for 'reef' at 100x holds 24,700).
   */
  private readonly searches = new LRUCache<string, SiteMatch>({
    maxSize: KEPT_SEARCH_IDS,
    sizeCalculation: (match) => match.ids.length + 1,
  });

  /** The region counts, under the revision they were read at. */
  private regions: { revision: string; counts: { region: string; count: number }[] } | null = null;

  /** 'Top rated' pages' ids, under both revisions they were read at and their SQL. */
  private readonly bestRatedIds = new LRUCache<string, number[]>({ max: 500 });

  /**
   * The revisions of the sites (`sites`: their rows, text and the columns the explorer filters by) and of
   * their rating totals (`ratings`): counters the dive_sites triggers move in the same transaction as the
   * change, whoever makes it (migrations/1798100000000-DiveSiteRevision.ts). One row read.
   */
  private async revisions(): Promise<{ sites: string; ratings: string }> {
    const [row] = (await this.sites.query('SELECT revision AS sites, ratings FROM dive_site_revision')) as { sites: string; ratings: string }[];
    return row;
  }

  private sorted(): SelectQueryBuilder<DiveSite> {
    return this.sites.createQueryBuilder('site').orderBy(`site.name ${HUMAN_ORDER}`, 'ASC').addOrderBy('site.id', 'ASC');
  }

  /** All sites sorted by name (SPEC section 9), or those of one region (exact match); optionally a slice. */
  list(region?: string, slice: ListSlice = {}): Promise<DiveSite[]> {
    const query = this.sorted().limit(slice.limit).offset(slice.offset);
    if (region !== undefined) query.where('site.region = :region', { region });
    return query.getMany();
  }

  /** One page of the sites by name, optionally of one region (exact) and matching SPEC section 5's text search, and how many match. */
  async page(filter: SitePageFilter, slice: { limit: number; offset: number }): Promise<Page<DiveSite>> {
    // The site search alone (GET /api/dive-sites/search): the ids it finds are kept under the sites' revision
    // (searchMatch), so the answer's count is their number and its page their slice, read by id (issue 46:
    // counting 16,435 sites' text for 'reef' in SQL took 90 ms of every answer at 100x). Kept in the list's
    // order (as written, without accents or a name spelt like it); the word steps' ids are ranked, so they are
    // ordered by name in SQL below, as before.
    const searchAlone = filter.q && filter.tolerant && !filter.ids && filter.region === undefined && !filter.photo && !filter.video;
    if (searchAlone && !narrowsByKindOrAccess(filter)) {
      const match = await this.searchMatch(filter.q!);
      if (inListOrder(match)) {
        return { rows: await this.byIds(match.ids.slice(slice.offset, slice.offset + slice.limit)), total: match.ids.length };
      }
    }
    const query = this.sorted();
    // Issue 46: the sites an outlook filter found (src/forecast/outlook-filter.ts).
    if (filter.ids) query.andWhere('site.id = ANY(:outlookIds)', { outlookIds: filter.ids });
    if (filter.region !== undefined) query.andWhere('site.region = :region', { region: filter.region });
    whereKindAndAccess(query, filter);
    if (filter.photo) query.andWhere(filter.photo === 'with' ? "COALESCE(site.imageUrl, '') <> ''" : "COALESCE(site.imageUrl, '') = ''");
    if (filter.video) query.andWhere("COALESCE(site.videoUrl, '') <> ''");
    if (filter.q && filter.tolerant) {
      // The site search's own steps, as /dive-sites and /search find: the text as written whenever it finds
      // any site (read in SQL a page at a time: 'reef' finds most of 24,700 sites at 100x), else the tolerant
      // steps' ids (few: a term's misspellings or words), as one array parameter.
      if (await anySiteText(this.sites, filter.q)) query.andWhere(...siteTextMatch(filter.q));
      else query.andWhere('site.id = ANY(:ids)', { ids: await this.searchIds(filter.q) });
    } else if (filter.q) {
      // The text as written (the admin's list filter: a name deleted is not replaced by one spelt like it).
      query.andWhere(...siteTextMatch(filter.q));
    }
    // An outlook filter alone: its ids are every match (issue 46: counting 5,800 ids again in SQL took 11 ms at 100x).
    const onlyIds = filter.ids && filter.region === undefined && !filter.q && !filter.photo && !filter.video && !narrowsByKindOrAccess(filter);
    // And in the list's order: the page is their slice, read by id (issue 46: ordering 5,800 ids by name in SQL
    // for every page cost more at 100x than the rest of the answer).
    if (onlyIds && filter.idsByName) return { rows: await this.byIds(filter.ids!.slice(slice.offset, slice.offset + slice.limit)), total: filter.ids!.length };
    const [rows, total] = await Promise.all([query.clone().limit(slice.limit).offset(slice.offset).getMany(), onlyIds ? filter.ids!.length : query.getCount()]);
    return { rows, total };
  }

  /** Every site, sorted by name, with only the columns the map and its filters read. */
  mapSites(): Promise<DiveSite[]> {
    return this.sorted().select(MAP_COLUMNS).getMany();
  }

  /** The sites of these ids (those that exist), sorted by name. */
  async byIds(ids: number[]): Promise<DiveSite[]> {
    if (ids.length === 0) return [];
    return this.sorted().where('site.id IN (:...ids)', { ids }).getMany();
  }

  /**
   * SPEC section 5: case-insensitive substring on name, description, region and marine life; a term that
   * finds nothing so is tried without accents, word by word, then as a misspelt name (matchingSiteIds).
   */
  async search(term: string): Promise<DiveSite[]> {
    const ids = await this.searchIds(term);
    return ids.length ? this.byIds(ids) : [];
  }

  /**
   * The first `limit` sites (by name) matching the page's filters, and how many match: the filters in
   * SQL, so /dive-sites reads the cards it shows and not every site.
   */
  /**
   * The first `limit` sites matching the filters, by name, and how many match. `searchMatches`, the ids the
   * text search found (searchIds), spares a second and third scan of every site's text; `total`, the number
   * of all sites when the caller has it (the region counts summed), is the count when no filter is set.
   */
  async explorerPage(
    filters: DiveSiteFilters,
    limit: number,
    searchMatches?: number[] | null,
    order: 'name' | 'top-rated' = 'name',
    total?: number,
    offset = 0,
    matchesByName = false,
  ): Promise<{ sites: DiveSite[]; matchCount: number }> {
    const query = this.sorted();
    // The ids the text search found, or (issue 46) those an outlook filter found besides.
    if (searchMatches) query.andWhere('site.id = ANY(:searchMatches)', { searchMatches });
    else if (filters.search.trim()) query.andWhere(...siteTextMatch(filters.search));
    if (filters.region !== ALL) query.andWhere('site.region = :region', { region: filters.region });
    if (filters.skill !== ALL) query.andWhere('site.skillLevel = :skill', { skill: filters.skill });
    const band = DEPTH_BAND_SQL[filters.depth as DepthBand];
    if (band) query.andWhere(band);
    whereKindAndAccess(query, filters);
    // With no filter at all, every site matches: counting 24,700 sites again took 3 ms. With only the text
    // search and the outlook, their ids are every match (issue 46: counting 5,800 ids again took 11 ms at 100x).
    const onlyMatches = searchMatches && filters.region === ALL && filters.skill === ALL && filters.depth === ALL && !narrowsByKindOrAccess(filters);
    // Those ids alone, in the list's order (`matchesByName`: the outlook filter's): the cards are their slice.
    if (onlyMatches && matchesByName && order === 'name') {
      return { sites: await this.byIds(searchMatches.slice(offset, offset + limit)), matchCount: searchMatches.length };
    }
    const count = !isFiltered(filters) && total !== undefined ? total : onlyMatches ? searchMatches.length : query.getCount();
    const [sites, matchCount] = await Promise.all([
      order === 'name' ? query.clone().offset(offset).limit(limit).getMany() : this.bestRated(query, limit, offset),
      count,
    ]);
    return { sites, matchCount };
  }

  /** The first `limit` sites of `query` in TOP_RATED_ORDER: their ids first, from the ratings' index, then those rows alone. */
  private async bestRated(query: SelectQueryBuilder<DiveSite>, limit: number, offset = 0): Promise<DiveSite[]> {
    const [sql, parameters] = query.clone().select('site.id', 'id').orderBy().getQueryAndParameters();
    const ordered = `${sql} ORDER BY ${TOP_RATED_ORDER} LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`;
    // Kept under both revisions: ordering 24,700 sites by their Bayesian average took 25 ms at 100x.
    const { sites, ratings } = await this.revisions();
    // Hashed: a search's parameters may be the ids of most sites.
    const key = createHash('sha256')
      .update(`${sites}\n${ratings}\n${ordered}\n${JSON.stringify(parameters)}`)
      .digest('base64');
    let ids = this.bestRatedIds.get(key);
    if (!ids) {
      ids = ((await this.sites.query(ordered, parameters)) as { id: number }[]).map((row) => row.id);
      this.bestRatedIds.set(key, ids);
    }
    if (ids.length === 0) return [];
    const rank = new Map(ids.map((id, index) => [id, index]));
    return (await this.byIds(ids)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  }

  /**
   * Every region with its number of sites, by name (the filter's options and, summed, the count of all sites):
   * counted again only when the sites' revision has moved (24,700 sites at 100x take 5 ms to count).
   */
  async regionCounts(): Promise<{ region: string; count: number }[]> {
    const revision = (await this.revisions()).sites;
    if (this.regions?.revision === revision) return this.regions.counts;
    const counts = await this.countRegions();
    this.regions = { revision, counts };
    return counts;
  }

  private async countRegions(): Promise<{ region: string; count: number }[]> {
    const rows = await this.sites
      .createQueryBuilder('site')
      .select('site.region', 'region')
      .addSelect('COUNT(*)::int', 'count')
      .groupBy('site.region')
      .getRawMany<{ region: string; count: number }>();
    return rows.sort((a, b) => a.region.localeCompare(b.region, 'en-AU'));
  }

  /** The ids of the sites the text search finds (as `search`), by name, without reading the sites. */
  async searchIds(term: string): Promise<number[]> {
    return (await this.searchMatch(term)).ids;
  }

  /** The same, and how the term found them ('text' as SPEC section 5's substring, or a tolerant step). */
  async searchMatch(term: string): Promise<SiteMatch> {
    // Kept by the revision: a site's page searches for its own name, which read 24,700 sites' text from the
    // trigram index at 100x (22 ms for a long name) every time the page was rendered.
    const key = `${(await this.revisions()).sites}\n${term.trim()}`;
    const kept = this.searches.get(key);
    if (kept) return kept;
    const match = await matchingSiteIds(this.sites, term, HUMAN_ORDER);
    this.searches.set(key, match);
    return match;
  }

  /**
   * The page's filters, for the exports: text search, exact region and skill, depth band by the largest
   * depth, and `outlookIds`, the sites an outlook filter found (null: none asked); by name, EXPORT_BATCH sites at a time, so an export of every site never holds them all.
   *
   * Each batch is a query of its own, starting after the last site of the one before (name, then id: the
   * list's order, read from IDX_dive_sites_name_order), so the download holds no connection between batches
   * (issue 42, F4: a cursor kept a pooled connection inside an open transaction for as long as the client
   * took to read, and at 10,000 sites 14 stalled downloads took all 10 and every page answered 503). A
   * connection is held only while a batch is read, never while the client reads what was sent. The price:
   * a site renamed halfway through a download may come twice or not at all, as in any list paged by its order.
   */
  async *filtered(filters: DiveSiteFiltersDto, outlookIds: number[] | null = null): AsyncGenerator<DiveSite[]> {
    const term = filters.q || filters.search || '';
    const ids = term ? await this.searchIds(term) : null;
    let after: { name: string; id: number } | null = null;
    for (;;) {
      const query = this.sorted().limit(EXPORT_BATCH);
      // One array parameter, not one per site: 'reef' finds most of 24,700 sites at 100x.
      if (ids) query.andWhere('site.id = ANY(:ids)', { ids });
      // Issue 46: the sites whose stored outlook answers `outlook` and `day` (src/forecast/outlook-filter.ts, as the list).
      if (outlookIds) query.andWhere('site.id = ANY(:outlookIds)', { outlookIds });
      if (filters.region && filters.region !== 'all') query.andWhere('site.region = :region', { region: filters.region });
      if (filters.skill && filters.skill !== 'all') query.andWhere('site.skillLevel = :skill', { skill: filters.skill });
      const band = DEPTH_BAND_SQL[filters.depth as DepthBand];
      if (band) query.andWhere(band);
      whereKindAndAccess(query, filters);
      if (after) query.andWhere(`(site.name ${HUMAN_ORDER}, site.id) > (:afterName, :afterId)`, { afterName: after.name, afterId: after.id });
      const batch = await exportReads(() => query.getMany());
      if (batch.length > 0) yield batch;
      if (batch.length < EXPORT_BATCH) return;
      const last = batch[batch.length - 1];
      after = { name: last.name, id: last.id };
    }
  }

  /**
   * The nearest other sites within NEARBY_KM of a site, nearest first (then by name), at most NEARBY_LIMIT,
   * in constant work: the NEARBY_LIMIT nearest by the spatial index (IDX_dive_sites_earth, right across
   * 180 degrees), then every site as near as the farthest of them (a tie), from the same index. Their km are
   * great-circle (haversine), as they always were. Without the index (a database without cube),
   * the band of latitude within NEARBY_KM, from the latitude index.
   */
  async nearby(id: number): Promise<NearbySite[]> {
    const rows: { id: number; name: string; skillLevel: string; km: number }[] = await this.sites.query(
      (await this.hasNearbyIndex()) ? NEARBY_BY_INDEX : NEARBY_BY_LATITUDE,
      [id, NEARBY_KM, NEARBY_LIMIT],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, skillLevel: row.skillLevel, km: Number(row.km) }));
  }

  private nearbyIndex: Promise<boolean> | null = null;

  /** Whether the database has the spatial index of nearby() (migrations/1797700000000-NearbySiteIndex.ts): asked once. */
  private hasNearbyIndex(): Promise<boolean> {
    if (!this.nearbyIndex) {
      this.nearbyIndex = (this.sites.query(`SELECT to_regclass('"${NEARBY_INDEX}"') IS NOT NULL AS found`) as Promise<{ found: boolean }[]>).then(
        ([row]) => row.found,
      );
      this.nearbyIndex.catch(() => (this.nearbyIndex = null));
    }
    return this.nearbyIndex;
  }

  /** The average (one decimal) and count of the ratings of these sites; a site nobody rated is not in the map. */
  ratingSummaries(ids: number[]): Promise<Map<number, { average: number; count: number }>> {
    return ratingSummaries(this.sites, ids);
  }

  /** Each of these sites' newest published condition report (issue 45) as its card says it, 'vis 15 m, 2 days ago'. */
  latestReports(ids: number[]): Promise<Map<number, string>> {
    return latestReports(this.sites, ids, this.clock.now());
  }

  /**
   * Every site's id for 'Top rated' (TOP_RATED_ORDER): read from each site's rating totals (kept by a
   * trigger) through their index (IDX_dive_sites_rating_order), so it costs the same with a million ratings
   * as with none, and reads no site's row.
   */
  async topRatedOrder(): Promise<number[]> {
    const rows: { id: number }[] = await this.sites.query(`SELECT site.id FROM dive_sites site ORDER BY ${TOP_RATED_ORDER}`);
    return rows.map((row) => row.id);
  }

  async findById(id: number): Promise<DiveSite> {
    const site = await this.find(id);
    if (!site) throw new NotFoundException(SITE_NOT_FOUND);
    return site;
  }

  /**
   * A 404 (SITE_NOT_FOUND) unless a site with that id exists: one index lookup that loads nothing of it, for
   * the writes that only name a site (a rating; issue 41: the entity's query cost a rating of a missing
   * site more than the rest of its refusal).
   */
  async assertExists(id: number): Promise<void> {
    const rows: unknown[] = await this.sites.query('SELECT 1 FROM "dive_sites" WHERE "id" = $1', [id]);
    if (!rows.length) throw new NotFoundException(SITE_NOT_FOUND);
  }

  /** One site, or null when there is none with that id. */
  find(id: number): Promise<DiveSite | null> {
    return this.sites.findOneBy({ id });
  }

  async create(dto: DiveSiteWriteDto): Promise<DiveSite> {
    const site = this.sites.create({ featured: false });
    assignSiteFields(site, dto);
    return this.sites.save(site);
  }

  /** PUT: the whole site; optional fields left out keep their value. */
  async replace(id: number, dto: DiveSiteWriteDto): Promise<DiveSite> {
    const site = await this.findById(id);
    assignSiteFields(site, dto);
    return this.sites.save(site);
  }

  async remove(id: number): Promise<void> {
    const result = await this.sites.delete(id);
    if (!result.affected) throw new NotFoundException(SITE_NOT_FOUND);
  }

  async updatePhoto(id: number, dto: UpdatePhotoDto): Promise<DiveSite> {
    const site = await this.findById(id);
    site.imageUrl = dto.imageUrl;
    return this.sites.save(site);
  }

  async updateVideo(id: number, dto: UpdateVideoDto): Promise<DiveSite> {
    const site = await this.findById(id);
    site.videoUrl = dto.videoUrl;
    if (dto.videoThumbnail !== undefined) site.videoThumbnail = dto.videoThumbnail;
    return this.sites.save(site);
  }

  async updateReviewLink(id: number, dto: UpdateReviewLinkDto): Promise<DiveSite> {
    const site = await this.findById(id);
    site.reviewLink = dto.reviewLink;
    return this.sites.save(site);
  }
}
