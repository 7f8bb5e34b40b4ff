import { Inject, Injectable } from '@nestjs/common';
import { RECENT_RATINGS, type RatingsResponse } from 'core/api/dive-sites';
import { cardsToShow, firstCard, isFiltered, normaliseFilters, TOP_RATED, type DiveSiteFilters } from 'core/dive-sites/filters';
import type { TileSettings } from 'core/dive-sites/types';
import { isStoredId } from 'src/validation/id.pipe';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSiteMapService } from 'src/dive-sites/dive-site-map.service';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { inListOrder, type SiteMatch } from 'src/dive-sites/dive-site-text';
import { SiteFactsService } from 'src/dive-sites/site-facts.service';
import { RatingsService } from 'src/ratings/ratings.service';
import { RenderService } from 'src/render/render.service';
import { ReportsService } from 'src/reports/reports.service';
import type { ExplorerData, SitePageData } from './dive-site-pages.presenter';
import type { DiveSiteListQuery } from './dive-site-pages.query';
import { SafetyBriefService } from './safety-brief.service';
import { outlookIds } from 'src/forecast/outlook-filter';
import { SiteOutlooksService } from 'src/forecast/site-outlooks.service';

/** What /dive-sites and /dive-sites/{id} read (dive-site-pages.presenter.ts shapes it into the page). */
@Injectable()
export class DiveSitePagesService {
  constructor(
    private readonly sites: DiveSitesService,
    private readonly ratings: RatingsService,
    private readonly render: RenderService,
    private readonly safety: SafetyBriefService,
    private readonly facts: SiteFactsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: ReportsService,
    private readonly outlooks: SiteOutlooksService,
    private readonly map: DiveSiteMapService,
  ) {}

  /** /dive-sites: the filters run in SQL, so the page reads the cards it shows, the region options and the counts. */
  async list(query: DiveSiteListQuery): Promise<ExplorerData> {
    const filters = normaliseFilters(query);
    if (query.sort === TOP_RATED) return this.topRated(filters, query.show, query.from);
    const [regionCounts, match] = await Promise.all([this.sites.regionCounts(), this.matchesOf(filters.search)]);
    const total = regionCounts.reduce((sum, { count }) => sum + count, 0);
    const explorer = await this.explorer(
      filters,
      query.show,
      total,
      regionCounts.map(({ region }) => region),
      match,
      'name',
      query.from,
    );
    return this.withBox(explorer);
  }

  /**
   * The box of every match of the page's own filters, read with one aggregate query from the ids the page
   * already has: past MAP_LIST_MAX sites the island asks the server by view and holds only the first cards,
   * so the map fits this box from the start (issue 47). Read whatever the number of sites, so a page's
   * queries stay the same as the sites grow.
   */
  private async withBox(explorer: ExplorerData): Promise<ExplorerData> {
    if (!isFiltered(explorer.filters)) return explorer;
    const box = await this.map.box({ ...explorer.filters }, { search: explorer.matches, outlook: explorer.outlookMatches ?? null });
    return { ...explorer, box };
  }

  /** What the text search matches (null: no search), asked beside the region counts, which do not depend on it. */
  private async matchesOf(search: string): Promise<SiteMatch | null> {
    return search ? this.sites.searchMatch(search) : null;
  }

  /**
   * 'Top rated': the cards shown read in that order in SQL, as the list by name; the island fetches every
   * site's id in that order (EXPLORER_TOP_RATED_URL) when it needs to sort the sites it filters.
   */
  private async topRated(filters: DiveSiteFilters, show: unknown, from: unknown): Promise<ExplorerData> {
    const [regionCounts, match] = await Promise.all([this.sites.regionCounts(), this.matchesOf(filters.search)]);
    const total = regionCounts.reduce((sum, { count }) => sum + count, 0);
    const explorer = await this.explorer(
      filters,
      show,
      total,
      regionCounts.map(({ region }) => region),
      match,
      'top-rated',
      from,
    );
    return this.withBox({ ...explorer, topRated: true });
  }

  /**
   * /dive-sites/{id}: a fixed amount read whatever the number of sites: the site, the region counts, the
   * cards shown (the explorer's search pre-filled with the site's name), and the site's panel.
   */
  async site(rawId: string, show: unknown): Promise<SitePageData> {
    // SPEC section 2: the id is parsed as an integer; one no id column can hold (2147483648) is a missing
    // site, never a query (issue 42, F10: PostgreSQL refused it, a 400 and an error logged with its SQL).
    const id = Number.parseInt(rawId, 10);
    const found = isStoredId(id) ? this.sites.find(id) : Promise.resolve(null);
    // The explorer's search is the site's own name; it starts as soon as the site is read, beside the region counts.
    const filtersOf = (known: { name: string }) => normaliseFilters({ search: known.name });
    const [site, regionCounts, match] = await Promise.all([
      found,
      this.sites.regionCounts(),
      found.then((known) => (known ? this.matchesOf(filtersOf(known).search) : null)),
    ]);
    const total = regionCounts.reduce((sum, { count }) => sum + count, 0);
    const regions = regionCounts.map(({ region }) => region);
    if (!site) {
      const filters = normaliseFilters({ search: '' });
      const tiles = this.tiles();
      const explorer = {
        cards: [],
        ratings: new Map(),
        notices: new Map(),
        regionNotices: [],
        matchCount: 0,
        totalSites: total,
        regions,
        visible: cardsToShow(show, total),
        from: 0,
        filters,
        matches: null,
        topRated: false,
        tiles,
      };
      return { rawId, explorer, found: null };
    }
    const [explorer, nearby, ratings, reports, check, notices] = await Promise.all([
      this.explorer(filtersOf(site), show, total, regions, match),
      this.sites.nearby(site.id),
      this.ratingsOf(site.id),
      this.reports.siteSection(site.id),
      this.facts.latestCheck(site.id),
      this.facts.noticesBySite([site.id]),
    ]);
    return {
      rawId,
      explorer,
      found: { site, nearby, safety: this.safety.briefFor(site), ratings, reports, renderedAt: new Date(), check, notices: notices.get(site.id) ?? [] },
    };
  }

  private async explorer(
    filters: DiveSiteFilters,
    show: unknown,
    total: number,
    regions: string[],
    match: SiteMatch | null,
    order: 'name' | 'top-rated' = 'name',
    fromQuery?: unknown,
  ): Promise<ExplorerData> {
    const matches = match?.ids ?? null;
    const visible = cardsToShow(show, total);
    // Within the whole list (`total`): past the matches, a page is empty, with a way back.
    const from = firstCard(fromQuery, total);
    // Issue 46: the sites whose stored outlook answers the filter, with the text search's matches.
    const outlookMatches = await outlookIds(this.outlooks, filters);
    const both = outlookMatches && matches ? ((found) => outlookMatches.filter((id) => found.has(id)))(new Set(matches)) : (outlookMatches ?? matches);
    // The outlook's ids alone are in the list's order (SiteOutlooksService.matchingIds), and so are the text
    // search's unless its word steps ranked them (inListOrder): the cards are their slice (issue 46: ordering
    // 16,435 ids for 'reef' by name in SQL for every page cost more at 100x than the rest of the page).
    const inOrder = both !== null && (both === outlookMatches || (both === matches && inListOrder(match!)));
    const page = await this.sites.explorerPage(filters, visible, both, order, total, from, inOrder);
    const ids = page.sites.map((site) => site.id);
    const [ratings, notices, regionNotices, reports, outlooks] = await Promise.all([
      this.sites.ratingSummaries(ids),
      this.facts.noticesBySite(ids),
      filters.region !== 'all' && regions.includes(filters.region) ? this.facts.noticesInRegion(filters.region) : Promise.resolve([]),
      this.sites.latestReports(ids),
      this.outlooks.badges(page.sites),
    ]);
    return {
      cards: page.sites,
      ratings,
      notices,
      regionNotices,
      reports,
      outlooks,
      outlookMatches,
      matchCount: page.matchCount,
      totalSites: total,
      regions,
      visible,
      from,
      filters,
      matches,
      topRated: false,
      tiles: this.tiles(),
    };
  }

  private async ratingsOf(id: number): Promise<RatingsResponse> {
    // The panel shows the latest few; the summary counts every rating.
    const { ratings, summary } = await this.ratings.forSite(id, { limit: RECENT_RATINGS });
    return { ratings: ratings.map((rating) => ({ ...rating, createdAt: rating.createdAt.toISOString() })), summary };
  }

  /** The map's tile source, and the land outline it draws when the tiles cannot load. */
  private tiles(): TileSettings {
    return {
      url: this.config.tileUrl,
      attribution: this.config.tileAttribution,
      offlineLand: this.render.dataUrl('land'),
      offlineCoast: this.render.dataUrl('coast'),
    };
  }
}
