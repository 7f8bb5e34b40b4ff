import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { cardsToShow, isFiltered, matchesFilters, normaliseFilters, type DiveSiteFilters } from 'core/dive-sites/filters';
import type { RatingsData, TileSettings } from 'core/dive-sites/types';
import { Html } from 'src/common/html.decorator';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { RatingsService } from 'src/ratings/ratings.service';
import { RenderService } from 'src/render/render.service';
import { DiveSitesPage } from 'views/pages/dive-sites/DiveSitesPage';
import type { DiveSite } from 'src/dive-sites/dive-site.entity';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { EXPLORER_CARDS_URL, EXPLORER_SITES_URL, toExplorerSite } from 'src/dive-sites/explorer-site';

const LIST_TITLE = 'Explore 244+ Australian Dive Sites - Interactive Map & Guide';
const LIST_DESCRIPTION =
  "Discover 244+ Australian dive sites on an interactive map: the Great Barrier Reef, Julian Rocks, Fish Rock Cave, Neptune Islands cage diving and more. Filter by region, skill level and depth.";

/**
 * The sites the page embeds for the island: the cards it shows first (`visible` of those matching its
 * filters) and how many match. The island fetches the compact list of every site (EXPLORER_SITES_URL)
 * for the map, for more cards and for other filters, so the page stays small: about 24 cards, not 244.
 */
function embeddedSites(all: DiveSite[], filters: DiveSiteFilters, matches: number[] | null, routeMissing: boolean, visible: number) {
  const ids = matches ? new Set(matches) : null;
  const filtered = isFiltered(filters) || routeMissing;
  const shown = routeMissing ? [] : filtered ? all.filter((site) => matchesFilters(site, filters, ids)) : all;
  return {
    sites: shown.slice(0, visible).map(toExplorerSite),
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Query parameters (search, region, skill, depth) are the filter form's, so the page filters without
   * JavaScript too; `show` is the number of cards (the 'Show more dive sites' link without JavaScript).
   */
  @Get()
  @Html()
  async list(@Query() query: Record<string, unknown>): Promise<string> {
    const filters = normaliseFilters(query);
    // The filters run in SQL: the page reads the cards it shows, the region options and the counts.
    const regionCounts = await this.sites.regionCounts();
    const total = regionCounts.reduce((sum, { count }) => sum + count, 0);
    const visible = cardsToShow(query.show, total);
    const [page, matches] = await Promise.all([
      this.sites.explorerPage(filters, visible),
      filters.search ? this.sites.searchIds(filters.search) : null,
    ]);
    return this.render.page(
      { title: LIST_TITLE, fullTitle: true, description: LIST_DESCRIPTION, path: '/dive-sites', styles: ['leaflet'] },
      <DiveSitesPage
        site={null}
        total={total}
        explorer={{
          sites: page.sites.map(toExplorerSite),
          matchCount: page.matchCount,
          initialVisible: visible,
          totalSites: total,
          complete: !isFiltered(filters) && total <= visible,
          sitesUrl: EXPLORER_SITES_URL,
          cardsUrl: EXPLORER_CARDS_URL,
          regions: regionCounts.map(({ region }) => region),
          initialFilters: filters,
          initialMatches: matches,
          routeSite: null,
          routeMissing: false,
          initialRatings: null,
          renderedAt: new Date().toISOString(),
          tiles: this.tiles(),
        }}
      />,
    );
  }

  @Get(':id')
  @Html()
  async site(@Param('id') rawId: string, @Query('show') show: unknown, @Res({ passthrough: true }) response: Response): Promise<string> {
    // SPEC section 2: the id is parsed as an integer.
    const id = Number.parseInt(rawId, 10);
    const all = await this.sites.list();
    const site = Number.isSafeInteger(id) && id > 0 ? (all.find((candidate) => candidate.id === id) ?? null) : null;
    const initialFilters = normaliseFilters({ search: site?.name ?? '' });
    const initialMatches = site ? (await this.sites.search(site.name)).map((match) => match.id) : null;
    const explorer = {
      ...embeddedSites(all, initialFilters, initialMatches, !site, cardsToShow(show, all.length)),
      regions: this.regions(all),
      initialFilters,
      initialMatches,
      routeSite: site ? { id: site.id, name: site.name } : null,
      routeMissing: !site,
      initialRatings: site ? await this.ratingsOf(site.id) : null,
      renderedAt: new Date().toISOString(),
      tiles: this.tiles(),
    };
    if (!site) {
      response.status(404);
      return this.render.page(
        { title: LIST_TITLE, fullTitle: true, description: LIST_DESCRIPTION, path: `/dive-sites/${encodeURIComponent(rawId)}`, noindex: true, styles: ['leaflet'] },
        <DiveSitesPage site={null} total={all.length} explorer={explorer} />,
      );
    }
    const path = `/dive-sites/${site.id}`;
    const summary = explorer.initialRatings?.summary;
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
            ...(summary && summary.count > 0
              ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, ratingCount: summary.count, bestRating: 5, worstRating: 1 } }
              : {}),
          },
        ],
      },
      <DiveSitesPage site={{ name: site.name, region: site.region }} total={all.length} explorer={explorer} />,
    );
  }

  private async ratingsOf(id: number): Promise<RatingsData> {
    const { ratings, summary } = await this.ratings.forSite(id);
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

