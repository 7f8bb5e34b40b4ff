import { Body, Controller, Delete, Get, Header, HttpCode, Logger, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendPageHeaders } from 'src/lists/admin-page';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/validation/id.pipe';
import { sendPieces } from 'src/lists/stream-response';
import { DiveSiteExportService } from './dive-site-export.service';
import type { DiveSite } from './dive-site.entity';
import { toDiveSiteResponse } from './dive-site.response';
import { DiveSiteArticlesService } from './dive-site-articles.service';
import { DIVE_SITE_PAGE_SIZE, DiveSitesService } from './dive-sites.service';
import { toExplorerSite } from './explorer-site';
import { SiteFactsService } from './site-facts.service';
import { DiveSiteFiltersDto } from './dto/dive-site-filters.dto';
import { ByReviewUrlQueryDto, DiveSiteCardsQueryDto, DiveSiteListQueryDto, DiveSiteSearchQueryDto } from './dto/dive-site-queries.dto';
import { DiveSiteWriteDto, UpdatePhotoDto, UpdateReviewLinkDto, UpdateVideoDto } from './dto/dive-site-write.dto';
import { CacheTags, Invalidates, Tag, diveSiteChanged, keepAnswerFor } from 'src/common/cache-tags';
import { FORECASTS_TAG, SiteOutlooksService } from 'src/forecast/site-outlooks.service';
import { outlookFilter } from 'src/forecast/outlook-filter';

const id = idParam('Dive site id');
const today = () => new Date().toISOString().slice(0, 10);
const attachment = (response: Response, name: string) => response.setHeader('Content-Disposition', `attachment; filename="${name}"`);

/** SPEC section 7's dive-site calls (the map's are DiveSiteMapController's). The fixed paths (search, by-review-url, export) come before /:id. */
@CacheTags(Tag.diveSites)
@Invalidates(diveSiteChanged)
@Controller('api/dive-sites')
export class DiveSitesController {
  private readonly logger = new Logger(DiveSitesController.name);

  constructor(
    private readonly sites: DiveSitesService,
    private readonly articles: DiveSiteArticlesService,
    private readonly exports: DiveSiteExportService,
    private readonly facts: SiteFactsService,
    private readonly outlooks: SiteOutlooksService,
  ) {}

  /**
   * SPEC's list of sites by name, a page at a time (issue 31: 24,700 sites in one answer filled the heap):
   * the first DIVE_SITE_PAGE_SIZE unless `limit` says, with `X-Total-Count` and a `Link` to the next page.
   */
  @Get()
  async list(
    @Query() { region, q, photo, video, kind, access, outlook, day, ...slice }: DiveSiteListQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const page = { limit: slice.limit ?? DIVE_SITE_PAGE_SIZE, offset: slice.offset ?? 0 };
    // Issue 46: `outlook` and `day` narrow the list to the sites whose stored forecast answers them.
    const ids = await outlookFilter(this.outlooks, { outlook, day }, response);
    const { rows, total } = await this.sites.page(
      { region, q: q?.trim() || undefined, photo, video: video === 'true', kind, access, ids: ids ?? undefined, idsByName: true },
      page,
    );
    sendPageHeaders(request, response, total, page);
    return rows.map(toDiveSiteResponse);
  }

  @Get('search')
  async search(@Query() { q, ...slice }: DiveSiteSearchQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = { limit: slice.limit ?? DIVE_SITE_PAGE_SIZE, offset: slice.offset ?? 0 };
    const { rows, total } = await this.sites.page({ q, tolerant: true }, page);
    sendPageHeaders(request, response, total, page);
    return rows.map(toDiveSiteResponse);
  }

  /** The ids of every site the text search finds, by name: what /dive-sites' explorer filters its map by (a few bytes a site). */
  @Get('search/ids')
  async searchIds(@Query() { q }: DiveSiteSearchQueryDto): Promise<number[]> {
    return this.sites.searchIds(q);
  }

  /** Every site's id best rated first ('Top rated', TOP_RATED_ORDER; a few bytes a site): how /dive-sites' explorer sorts the sites it filters. */
  @CacheTags(Tag.diveSites, Tag.allRatings)
  @Get('top-rated/ids')
  async topRatedIds(): Promise<number[]> {
    return this.sites.topRatedOrder();
  }

  /** Every region with its number of sites, by name: the admin screen's region filter and its count of sites. */
  @Get('regions')
  async regions(): Promise<{ region: string; count: number }[]> {
    return this.sites.regionCounts();
  }

  /** The cards (and map popups) of the sites asked for, as /dive-sites embeds its first ones (src/dive-sites/explorer-site.ts). */
  @Get('cards')
  // A card shows its site's stars and newest condition report.
  // And its outlook today (issue 46): dropped by a forecast refresh and at the next midnight of a forecast's clock.
  @CacheTags(Tag.diveSites, Tag.allRatings, Tag.allReports, FORECASTS_TAG)
  async cards(@Query() { ids }: DiveSiteCardsQueryDto, @Res({ passthrough: true }) response: Response) {
    const wanted = [...new Set(ids.split(',').map(Number))];
    const [sites, ratings, notices, reports, noticesStayFor] = await Promise.all([
      this.sites.byIds(wanted),
      this.sites.ratingSummaries(wanted),
      this.facts.noticesBySite(wanted),
      this.sites.latestReports(wanted),
      this.facts.noticesStayFor(),
    ]);
    // The cards show the notices in force today and the outlook: kept no longer than either stays so.
    const [outlooks, rightFor] = await Promise.all([this.outlooks.badges(sites), this.outlooks.rightFor()]);
    keepAnswerFor(response, noticesStayFor);
    keepAnswerFor(response, rightFor);
    return sites.map((site) => toExplorerSite(site, ratings, notices, reports, outlooks));
  }

  @Get('by-review-url')
  async byReviewUrl(@Query() { url }: ByReviewUrlQueryDto) {
    const site = await this.articles.byReviewUrl(url);
    return { name: site.name, videoUrl: site.videoUrl };
  }

  @Get('export/csv')
  @AdminOnly()
  @Header('Content-Type', 'text/csv; charset=utf-8')
  async exportCsv(@Query() filters: DiveSiteFiltersDto, @Res() response: Response): Promise<void> {
    attachment(response, `dive-sites-${today()}.csv`);
    await sendPieces(response, this.exports.csv(await this.exported(filters, response)), this.logger, 'The dive-site CSV export');
  }

  @Get('export/geojson')
  @Header('Content-Type', 'application/geo+json; charset=utf-8')
  async exportGeoJson(@Query() filters: DiveSiteFiltersDto, @Res() response: Response): Promise<void> {
    attachment(response, 'dive-sites.geojson');
    await sendPieces(response, this.exports.geojson(await this.exported(filters, response)), this.logger, 'The dive-site GeoJSON export');
  }

  @Get('export/gpx')
  @Header('Content-Type', 'application/gpx+xml; charset=utf-8')
  async exportGpx(@Query() filters: DiveSiteFiltersDto, @Res() response: Response): Promise<void> {
    attachment(response, 'dive-sites.gpx');
    await sendPieces(response, this.exports.gpx(await this.exported(filters, response)), this.logger, 'The dive-site GPX export');
  }

  /** The sites an export holds: the page's filters and (issue 46) its outlook, filtered as the list filters them. */
  private async exported(filters: DiveSiteFiltersDto, response: Response): Promise<AsyncGenerator<DiveSite[]>> {
    return this.sites.filtered(filters, await outlookFilter(this.outlooks, filters, response));
  }

  @Get(':id')
  async findOne(@Param('id', id) siteId: number) {
    return toDiveSiteResponse(await this.sites.findById(siteId));
  }

  @Post()
  @AdminOnly()
  async create(@Body() dto: DiveSiteWriteDto) {
    return toDiveSiteResponse(await this.sites.create(dto));
  }

  @Put(':id')
  @AdminOnly()
  async replace(@Param('id', id) siteId: number, @Body() dto: DiveSiteWriteDto) {
    return toDiveSiteResponse(await this.sites.replace(siteId, dto));
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('id', id) siteId: number): Promise<void> {
    await this.sites.remove(siteId);
  }

  @Patch(':id/photo')
  @AdminOnly()
  async updatePhoto(@Param('id', id) siteId: number, @Body() dto: UpdatePhotoDto) {
    return toDiveSiteResponse(await this.sites.updatePhoto(siteId, dto));
  }

  @Patch(':id/video')
  @AdminOnly()
  async updateVideo(@Param('id', id) siteId: number, @Body() dto: UpdateVideoDto) {
    return toDiveSiteResponse(await this.sites.updateVideo(siteId, dto));
  }

  @Patch(':id/review-link')
  @AdminOnly()
  async updateReviewLink(@Param('id', id) siteId: number, @Body() dto: UpdateReviewLinkDto) {
    return toDiveSiteResponse(await this.sites.updateReviewLink(siteId, dto));
  }
}
