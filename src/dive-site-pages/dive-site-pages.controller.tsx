import type { ComponentProps } from 'react';
import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { canonicalListQuery, cardsToShow, isFiltered, matchesFilters, normaliseFilters, TOP_RATED, type DiveSiteFilters } from 'core/dive-sites/filters';
import { RECENT_RATINGS, type RatingsResponse } from 'core/api/dive-sites';
import type { TileSettings } from 'core/dive-sites/types';
import { Html } from 'src/common/html.decorator';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { RatingsService } from 'src/ratings/ratings.service';
import { RenderService } from 'src/render/render.service';
import { seasonMonths } from 'core/dive-sites/season';
import { breadcrumbJsonLd, type Crumb } from 'views/components/Breadcrumbs';
import { DiveSitesPage } from 'views/pages/dive-sites/DiveSitesPage';
import type { DiveSitePanelProps } from 'views/pages/dive-sites/DiveSitePanel';
import { reviewHref } from 'src/dive-sites/dive-site.response';
import { SafetyBriefService } from './safety-brief.service';
import type { DiveSite } from 'src/dive-sites/dive-site.entity';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { EXPLORER_CARDS_URL, EXPLORER_SITES_URL, toExplorerSite } from 'src/dive-sites/explorer-site';
import { byId, CacheTags, Tag } from 'src/common/cache-tags';

const LIST_TITLE = 'Explore 244+ Australian Dive Sites - Interactive Map & Guide';
const LIST_DESCRIPTION =
  'Discover 244+ Australian dive sites on an interactive map: the Great Barrier Reef, Julian Rocks, Fish Rock Cave, Neptune Islands cage diving and more. Filter by region, skill level and depth.';

function inOrder(sites: DiveSite[], ids: number[]): DiveSite[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...sites].sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}

/**
 * The sites the page embeds for the island: the cards it shows first (`visible` of those matching its
 * filters) and how many match. The island fetches the compact list of every site (EXPLORER_SITES_URL)
 * for the map, for more cards and for other filters, so the page stays small: about 24 cards, not 244.
 */
function embeddedSites(
  all: DiveSite[],
  filters: DiveSiteFilters,
  matches: number[] | null,
  routeMissing: boolean,
  visible: number,
  ratings: ReadonlyMap<number, { average: number; count: number }>,
) {
  const ids = matches ? new Set(matches) : null;
  const filtered = isFiltered(filters) || routeMissing;
  const shown = routeMissing ? [] : filtered ? all.filter((site) => matchesFilters(site, filters, ids)) : all;
  return {
    sites: shown.slice(0, visible).map((site) => toExplorerSite(site, ratings)),
    matchCount: shown.length,
    initialVisible: visible,
    totalSites: all.length,
    complete: !filtered && all.length <= visible,
    sitesUrl: EXPLORER_SITES_URL,
    cardsUrl: EXPLORER_CARDS_URL,
  };
}

/** SPEC section 2: /dive-sites and /dive-sites/{id} are the same screen; the id pre-fills the search. */
@Controller('dive-sites')
export class DiveSitePagesController {
  constructor(
    private readonly sites: DiveSitesService,
    private readonly ratings: RatingsService,
    private readonly render: RenderService,
    private readonly safety: SafetyBriefService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Query parameters (search, region, skill, depth) are the filter form's, so the page filters without
   * JavaScript too; `show` is the number of cards (the 'Show more dive sites' link without JavaScript).
   * The form's answer ('?search=&region=Tasmania&skill=all&depth=all') is redirected to the address the
   * island writes for the same choice ('?region=Tasmania'), so a shared or bookmarked link is the same
   * with JavaScript or without.
   */
  @Get()
  @Html()
  // The cards show their sites' stars.
  @CacheTags(Tag.diveSites, Tag.allRatings)
  async list(@Query() query: Record<string, unknown>, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<string> {
    const search = request.originalUrl.indexOf('?');
    const canonical = search < 0 ? null : canonicalListQuery(request.originalUrl.slice(search));
    if (canonical !== null) {
      response.status(302).setHeader('Location', `/dive-sites${canonical}`);
      return '';
    }
    const filters = normaliseFilters(query);
    if (query.sort === TOP_RATED) return this.topRatedList(query, filters);
    // The filters run in SQL: the page reads the cards it shows, the region options and the counts.
    const regionCounts = await this.sites.regionCounts();
    const total = regionCounts.reduce((sum, { count }) => sum + count, 0);
    const visible = cardsToShow(query.show, total);
    const matches = filters.search ? await this.sites.searchIds(filters.search) : null;
    const page = await this.sites.explorerPage(filters, visible, matches);
    const ratings = await this.sites.ratingSummaries(page.sites.map((site) => site.id));
    return this.listPage(filters, matches, total, {
      order: null,
      sites: page.sites.map((site) => toExplorerSite(site, ratings)),
      matchCount: page.matchCount,
      initialVisible: visible,
      totalSites: total,
      complete: !isFiltered(filters) && total <= visible,
      sitesUrl: EXPLORER_SITES_URL,
      cardsUrl: EXPLORER_CARDS_URL,
      regions: regionCounts.map(({ region }) => region),
    });
  }

  /** 'Top rated' ranks every site by its Bayesian average, so this one view reads the whole list. */
  private async topRatedList(query: Record<string, unknown>, filters: DiveSiteFilters): Promise<string> {
    const [byName, order, matches] = await Promise.all([
      this.sites.list(),
      this.sites.topRatedOrder(),
      filters.search ? this.sites.searchIds(filters.search) : null,
    ]);
    const all = inOrder(byName, order);
    const visible = cardsToShow(query.show, all.length);
    const ids = matches ? new Set(matches) : null;
    const shown = all.filter((site) => matchesFilters(site, filters, ids)).slice(0, visible);
    const ratings = await this.sites.ratingSummaries(shown.map((site) => site.id));
    return this.listPage(filters, matches, all.length, {
      order,
      ...embeddedSites(all, filters, matches, false, visible, ratings),
      regions: this.regions(all),
    });
  }

  /** /dive-sites around the explorer's sites, ordered by name or (with `order`) top rated first. */
  private listPage(
    filters: DiveSiteFilters,
    matches: number[] | null,
    total: number,
    listing: Omit<
      ComponentProps<typeof DiveSitesPage>['explorer'],
      'initialFilters' | 'initialMatches' | 'routeSite' | 'routeMissing' | 'tiles' | 'sortChoice'
    >,
  ): string {
    return this.render.page(
      { title: LIST_TITLE, fullTitle: true, description: LIST_DESCRIPTION, path: '/dive-sites', styles: ['leaflet'] },
      <DiveSitesPage
        site={null}
        total={total}
        explorer={{ ...listing, sortChoice: true, initialFilters: filters, initialMatches: matches, routeSite: null, routeMissing: false, tiles: this.tiles() }}
      />,
    );
  }

  @Get(':id')
  @Html()
  // Every site page shows the explorer, and its own site's ratings.
  @CacheTags(Tag.diveSites, byId(Tag.ratings), Tag.allRatings)
  async site(@Param('id') rawId: string, @Query('show') show: unknown, @Res({ passthrough: true }) response: Response): Promise<string> {
    // SPEC section 2: the id is parsed as an integer.
    const id = Number.parseInt(rawId, 10);
    // A fixed amount read whatever the number of sites: the site, the region counts, the cards shown.
    const [site, regionCounts] = await Promise.all([Number.isSafeInteger(id) && id > 0 ? this.sites.find(id) : null, this.sites.regionCounts()]);
    const total = regionCounts.reduce((sum, { count }) => sum + count, 0);
    const visible = cardsToShow(show, total);
    const initialFilters = normaliseFilters({ search: site?.name ?? '' });
    const initialMatches = site ? await this.sites.searchIds(site.name) : null;
    const page = site ? await this.sites.explorerPage(initialFilters, visible, initialMatches) : null;
    const cardRatings = await this.sites.ratingSummaries(page ? page.sites.map((shown) => shown.id) : []);
    const explorer = {
      order: null,
      sortChoice: false,
      sites: page ? page.sites.map((shown) => toExplorerSite(shown, cardRatings)) : [],
      matchCount: page?.matchCount ?? 0,
      initialVisible: visible,
      totalSites: total,
      complete: false,
      sitesUrl: EXPLORER_SITES_URL,
      cardsUrl: EXPLORER_CARDS_URL,
      regions: regionCounts.map(({ region }) => region),
      initialFilters,
      initialMatches,
      routeSite: site ? { id: site.id, name: site.name } : null,
      routeMissing: !site,
      tiles: this.tiles(),
    };
    if (!site) {
      response.status(404);
      return this.render.page(
        {
          title: LIST_TITLE,
          fullTitle: true,
          description: LIST_DESCRIPTION,
          path: `/dive-sites/${encodeURIComponent(rawId)}`,
          noindex: true,
          styles: ['leaflet'],
        },
        <DiveSitesPage site={null} total={total} explorer={explorer} />,
      );
    }
    const path = `/dive-sites/${site.id}`;
    const panel = await this.panel(site, path);
    const summary = panel.ratings.summary;
    return this.render.page(
      {
        title: `${site.name} - ${site.region} Dive Site Guide`,
        description: this.siteDescription(site),
        path,
        image: site.imageUrl ?? undefined,
        styles: ['leaflet'],
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'TouristAttraction',
            name: site.name,
            description: site.description,
            url: this.render.absoluteUrl(path),
            ...(site.imageUrl ? { image: this.render.absoluteUrl(site.imageUrl) } : {}),
            touristType: `${site.skillLevel} scuba divers`,
            geo: { '@type': 'GeoCoordinates', latitude: Number(site.latitude), longitude: Number(site.longitude) },
            address: { '@type': 'PostalAddress', addressRegion: site.region },
            isAccessibleForFree: true,
            ...(summary.count > 0
              ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, ratingCount: summary.count, bestRating: 5, worstRating: 1 } }
              : {}),
          },
          breadcrumbJsonLd(panel.crumbs, (href) => this.render.absoluteUrl(href)),
        ],
      },
      <DiveSitesPage site={{ name: site.name, region: site.region }} total={total} explorer={explorer} panel={panel} />,
    );
  }

  /** The route's site whole: its fields, position, season, nearby sites, safety brief and ratings. */
  private async panel(site: DiveSite, path: string): Promise<DiveSitePanelProps> {
    const crumbs: Crumb[] = [
      { label: 'Dive Sites', href: '/dive-sites' },
      { label: site.region, href: `/dive-sites?region=${encodeURIComponent(site.region)}` },
      { label: site.name, href: path },
    ];
    const [nearby, ratings] = await Promise.all([this.sites.nearby(site.id), this.ratingsOf(site.id)]);
    return {
      site: {
        id: site.id,
        name: site.name,
        region: site.region,
        skillLevel: site.skillLevel,
        depthRange: site.depthRange,
        waterTemp: site.waterTemp,
        visibility: site.visibility,
        bestTime: site.bestTime,
        marineLife: site.marineLife,
        hazards: site.hazards,
        facilities: site.facilities,
        description: site.description,
        imageUrl: site.imageUrl,
        videoUrl: site.videoUrl,
        videoThumbnail: site.videoThumbnail,
        reviewHref: reviewHref(site),
        latitude: Number(site.latitude),
        longitude: Number(site.longitude),
        positionPrecision: site.positionPrecision,
      },
      crumbs,
      season: seasonMonths(site.bestTime),
      nearby,
      safety: this.safety.briefFor(site),
      ratings,
      renderedAt: new Date().toISOString(),
    };
  }

  private async ratingsOf(id: number): Promise<RatingsResponse> {
    // The panel shows the latest few; the summary counts every rating.
    const { ratings, summary } = await this.ratings.forSite(id, { limit: RECENT_RATINGS });
    return { ratings: ratings.map((rating) => ({ ...rating, createdAt: rating.createdAt.toISOString() })), summary };
  }

  /** The map's tile source, and the land outline it draws when the tiles cannot load. */
  private tiles(): TileSettings {
    return { url: this.config.tileUrl, attribution: this.config.tileAttribution, offlineLand: this.render.dataUrl('land') };
  }

  private regions(sites: DiveSite[]): string[] {
    return [...new Set(sites.map((site) => site.region))].sort((a, b) => a.localeCompare(b, 'en-AU'));
  }

  /** At most 160 characters: name, region, skill, depth and temperature, then the start of the description. */
  private siteDescription(site: DiveSite): string {
    const lead = `${site.name}, ${site.region}: ${site.skillLevel.toLowerCase()} dive, ${site.depthRange}, water ${site.waterTemp}. `;
    const text = lead + site.description;
    return text.length <= 160 ? text : `${text.slice(0, 157).trimEnd()}...`;
  }
}
