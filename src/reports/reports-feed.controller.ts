import { Controller, Get, Header, Inject, NotFoundException, Param, Query } from '@nestjs/common';
import { create } from 'xmlbuilder2';
import { regionReportsFeedPath, reportDay, reportHeadline, siteReportsFeedPath, type ReportResponse } from 'core/reports';
import { byId, CacheTags, Tag } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { ReportsService } from './reports.service';

const FEED_SIZE = 50;

/**
 * RSS 2.0 feeds of the published condition reports (issue 45): one per site, and one per region
 * (`?region=`, a region the sites name). The newest report first; each links to its site's reports.
 */
@Controller('dive-sites')
export class ReportsFeedController {
  constructor(
    private readonly reports: ReportsService,
    private readonly sites: DiveSitesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/reports/feed')
  @CacheTags(byId(Tag.reports), byId(Tag.diveSite))
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  async site(@Param('id', idParam('Dive site id')) id: number): Promise<string> {
    const site = await this.sites.findById(id);
    const { rows } = await this.reports.publishedPage(id, { limit: FEED_SIZE, offset: 0 });
    return this.feed(
      `Condition reports: ${site.name}`,
      siteReportsFeedPath(id),
      `Divers' reports of the conditions at ${site.name}, ${site.region}.`,
      rows.map((row) => ({ ...row, siteName: site.name })),
    );
  }

  @Get('reports/feed')
  @CacheTags(Tag.allReports, Tag.diveSites)
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  async region(@Query('region') region: unknown): Promise<string> {
    const known = typeof region === 'string' && (await this.sites.regionCounts()).some((entry) => entry.region === region);
    if (!known) throw new NotFoundException('Region not found');
    const rows = await this.reports.newestInRegion(region, FEED_SIZE);
    return this.feed(`Condition reports: ${region}`, regionReportsFeedPath(region), `Divers' reports of the conditions at the dive sites of ${region}.`, rows);
  }

  private feed(title: string, selfPath: string, description: string, rows: (ReportResponse<Date> & { siteName: string })[]): string {
    const origin = this.config.siteUrl;
    const channel = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', { version: '2.0', 'xmlns:atom': 'http://www.w3.org/2005/Atom' }).ele('channel');
    channel.ele('title').txt(`${title} | ${this.config.siteName}`);
    channel.ele('link').txt(`${origin}/dive-sites`);
    channel.ele('description').txt(description);
    channel.ele('language').txt('en-AU');
    channel.ele('atom:link', { href: `${origin}${selfPath}`, rel: 'self', type: 'application/rss+xml' });
    if (rows[0]) channel.ele('lastBuildDate').txt(rows[0].createdAt.toUTCString());
    for (const row of rows) {
      const node = channel.ele('item');
      node.ele('title').txt(`${row.siteName}: ${reportHeadline(row)}, ${reportDay(row.date)}`);
      node.ele('link').txt(`${origin}/dive-sites/${row.diveSiteId}/reports`);
      node.ele('guid', { isPermaLink: 'false' }).txt(`${origin}/dive-sites/${row.diveSiteId}/reports#report-${row.id}`);
      const facts = [
        row.visibility !== null && `Visibility ${row.visibility} m`,
        row.waterTemperature !== null && `water ${row.waterTemperature} °C`,
        row.current !== null && `current ${row.current}`,
        row.surge !== null && `surge ${row.surge}`,
      ].filter(Boolean);
      node.ele('description').txt([facts.join(', '), row.comment, row.name && `Reported by ${row.name}`].filter(Boolean).join('. '));
      node.ele('pubDate').txt(row.createdAt.toUTCString());
    }
    return channel.end({ prettyPrint: true });
  }
}
