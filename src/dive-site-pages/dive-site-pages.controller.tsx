import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ALL, canonicalListQuery } from 'core/dive-sites/filters';
import { OFFLINE_TIDE_DAYS } from 'core/offline';
import { weekendBlock } from 'src/forecast/weekend-block';
import { byId, CacheTags, keepAnswerFor, tagAnswer, Tag } from 'src/common/cache-tags';
import { cellKey } from 'core/outlook/forecast';
import { forecastTag, ForecastService } from 'src/forecast/forecast.service';
import { markOutlookAnswer } from 'src/forecast/outlook-filter';
import { SiteOutlooksService } from 'src/forecast/site-outlooks.service';
import { ConditionsService } from 'src/conditions/conditions.service';
import { Html } from 'src/common/html.decorator';
import { PageQueryOf } from 'src/lists/page-query';
import { RenderService } from 'src/render/render.service';
import { NotFoundPage } from 'views/pages/NotFoundPage';
import { DiveSitesPage } from 'views/pages/dive-sites/DiveSitesPage';
import { presentList, presentSite } from './dive-site-pages.presenter';
import { DiveSiteListQuery, DiveSiteShowQuery } from './dive-site-pages.query';
import { DiveSitePagesService } from './dive-site-pages.service';
import { SiteFactsService } from 'src/dive-sites/site-facts.service';

/** The days of tides, sun and moon a site page shows: today and the next six (OFFLINE_TIDE_DAYS in a page saved for offline). */
const CONDITIONS_DAYS = 7;

/** SPEC section 2: /dive-sites and /dive-sites/{id} are the same screen; the id pre-fills the search. */
@Controller('dive-sites')
export class DiveSitePagesController {
  constructor(
    private readonly pages: DiveSitePagesService,
    private readonly render: RenderService,
    private readonly conditions: ConditionsService,
    private readonly forecast: ForecastService,
    private readonly facts: SiteFactsService,
    private readonly outlooks: SiteOutlooksService,
  ) {}

  /**
   * Query parameters (search, region, skill, depth) are the filter form's, so the page filters without
   * JavaScript too. The form's answer ('?search=&region=Tasmania&skill=all&depth=all') is redirected to the
   * address the island writes for the same choice ('?region=Tasmania'), so a shared or bookmarked link is the
   * same with JavaScript or without.
   */
  @Get()
  @Html()
  // The cards show their sites' stars and newest condition reports.
  @CacheTags(Tag.diveSites, Tag.allRatings, Tag.allReports)
  async list(
    @PageQueryOf(DiveSiteListQuery) query: DiveSiteListQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const search = request.originalUrl.indexOf('?');
    const canonical = search < 0 ? null : canonicalListQuery(request.originalUrl.slice(search));
    if (canonical !== null) {
      response.status(302).setHeader('Location', `/dive-sites${canonical}`);
      return '';
    }
    // The cards' outlook badges and the outlook filter: dropped by a forecast refresh and at a forecast's midnight.
    await markOutlookAnswer(response, this.outlooks);
    const [data, noticesStayFor] = await Promise.all([this.pages.list(query), this.facts.noticesStayFor()]);
    // The cards and the region show the notices in force today: kept no longer than they stay so.
    keepAnswerFor(response, noticesStayFor);
    const page = presentList(data);
    // A region's page: 'Where to dive this weekend' in it.
    const { region } = data.filters;
    if (region !== ALL && data.regions.includes(region)) page.props.weekend = await weekendBlock(this.outlooks, region);
    return this.render.view(DiveSitesPage, page);
  }

  @Get(':id')
  @Html()
  // Every site page shows the explorer, and its own site's ratings and condition reports.
  @CacheTags(Tag.diveSites, byId(Tag.ratings), Tag.allRatings, byId(Tag.reports), Tag.allReports)
  async site(
    @Param('id') rawId: string,
    @PageQueryOf(DiveSiteShowQuery) { show, tides }: DiveSiteShowQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const data = await this.pages.site(rawId, show);
    if (!data.found) {
      // A real 404 (issue 47): not the list with 'try adjusting your filters' when no filter is set.
      response.status(404);
      const path = `/dive-sites/${encodeURIComponent(rawId)}`;
      return this.render.page(
        { title: 'Dive Site Not Found', description: 'Dive Site Not Found', path, noindex: true },
        <NotFoundPage path={path} kind="dive-site" />,
      );
    }
    // The page shows the notices in force today: kept no longer than they stay so.
    keepAnswerFor(response, await this.facts.noticesStayFor());
    const page = presentSite(data, this.render);
    // Its explorer's cards show their outlooks too.
    await markOutlookAnswer(response, this.outlooks);
    if (page.props.panel) {
      const { site } = data.found;
      const zone = this.conditions.zoneOf(site);
      const today = this.conditions.today(zone);
      // The section shows 'today' at the site: the page is kept no longer than the site's midnight.
      keepAnswerFor(response, this.conditions.untilMidnight(zone));
      // The stored forecast only (a slow provider never slows a page); a refresh of its cell drops the page.
      tagAnswer(response, forecastTag(cellKey(Number(site.latitude), Number(site.longitude))));
      const [conditions, forecast] = await Promise.all([
        this.conditions.forSite(site, today, tides ? OFFLINE_TIDE_DAYS : CONDITIONS_DAYS),
        this.forecast.conditionsOf(site),
      ]);
      page.props.panel.conditions = { conditions, curve: conditions.tidal ? await this.conditions.curve(site, today) : null };
      page.props.panel.forecast = forecast;
    }
    return this.render.view(DiveSitesPage, page);
  }
}
