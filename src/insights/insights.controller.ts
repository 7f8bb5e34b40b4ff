import { Controller, Get, Header, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { sessionCookieName } from 'src/http/cookies';
import { clientIp } from 'src/http/client-ip';
import { hasCookie } from 'src/http/cookies';
import { csvText, type CsvCell } from 'src/lists/csv';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { clickSource } from './click-source';
import { isCountable } from './counting';
import { InsightsQueryDto } from './insights-query.dto';
import { InsightsService } from './insights.service';

/**
 * `/go/{kind}/{slug}`: a purchase link followed. Counts the click (issue 32's rules: no bots, prefetches or
 * HEAD, a visitor's repeats within a minute once, an IPv6 visitor by its /64; issue 42: never the signed-in
 * administrator's, as their page views are not) and answers 302 to the stored affiliate URL; an unknown
 * link is 404, never a redirect elsewhere. Never cached, never indexed.
 */
@Controller('go')
export class OutboundController {
  private readonly sessionCookie: string;
  private readonly siteUrl: string;

  constructor(
    private readonly insights: InsightsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sessionCookie = sessionCookieName(config.siteUrl);
    this.siteUrl = config.siteUrl;
  }

  @Get(':kind/:slug')
  @ApiExcludeEndpoint()
  async follow(@Param('kind') kind: string, @Param('slug') slug: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const link = await this.insights.destination(kind, slug);
    if (isCountable(request.method, request.headers) && !hasCookie(request.headers.cookie, this.sessionCookie)) {
      // Issue 44 item 6: the review page and the newsletter issue the click came from (click-source.ts).
      const source = clickSource(request.query.source, request.headers.referer, this.siteUrl, request.headers.host);
      // A count that fails must not keep the reader from the shop: the filter's log is enough.
      await this.insights.countClick(link.kind, link.slug, clientIp(request), source).catch(() => undefined);
    }
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Robots-Tag', 'noindex, nofollow');
    response.redirect(302, link.url);
  }
}

/** The Insights tab's data: the report as JSON, and as a CSV file. */
@Controller('api/admin/insights')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get()
  @AdminOnly()
  report(@Query() { days }: InsightsQueryDto) {
    return this.insights.report(days ?? 30);
  }

  @Get('csv')
  @AdminOnly()
  @Header('Content-Type', 'text/csv; charset=utf-8')
  async csv(@Query() { days }: InsightsQueryDto, @Res({ passthrough: true }) response: Response): Promise<string> {
    const report = await this.insights.report(days ?? 30);
    response.setHeader('Content-Disposition', `attachment; filename="insights-${report.from}-to-${report.to}.csv"`);
    const rows: CsvCell[][] = [];
    for (const day of report.daily) rows.push(['day', day.day, '', day.views, day.clicks, '']);
    for (const [section, pages] of [
      ['article', report.topArticles],
      ['review page', report.topReviews],
      ['dive site', report.topDiveSites],
    ] as const)
      for (const page of pages) rows.push([section, page.title, page.path, page.views, '', '']);
    for (const link of report.links)
      rows.push([`${link.kind} link`, link.title, `/go/${link.kind}/${link.slug}`, link.views ?? '', link.clicks, link.clickThroughRate ?? '']);
    // Issue 44 item 6: where the clicks came from (the review page, the newsletter issue).
    for (const source of report.sources) {
      const from = `review page: ${source.review?.title ?? 'another page'}; newsletter issue: ${source.issue?.subject ?? 'none'}`;
      rows.push(['click source', `${source.title} (${from})`, `/go/${source.kind}/${source.slug}`, '', source.clicks, '']);
    }
    // The site's one CSV writer: a product or post named `=HYPERLINK(...)` arrives as text (issue 42, F8).
    return csvText(rows, { columns: ['type', 'name', 'path', 'views', 'clicks', 'click_through_rate'] });
  }
}
