import { BadRequestException, Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { readTideQuery } from 'core/conditions/days';
import type { SiteConditions } from 'core/conditions/types';
import { byId, CacheTags, keepAnswerFor, Tag } from 'src/common/cache-tags';
import { errorBody } from 'src/common/error-body';
import { idParam } from 'src/validation/id.pipe';
import { DiveSitesService } from 'src/dive-sites/dive-sites.service';
import { ConditionsService } from './conditions.service';

/** A site's tides, sun and moon (issue 46). */
@Controller('api/dive-sites')
export class ConditionsController {
  constructor(
    private readonly sites: DiveSitesService,
    private readonly conditions: ConditionsService,
  ) {}

  /**
   * `from` (YYYY-MM-DD, 1990-01-01 to 2050-12-31; today at the site when absent) and `days` (1 to 31, 7
   * when absent), in the site's own time zone. A site without tide answers `tidal: false` and why, with its
   * sun and moon.
   */
  @Get(':id/tides')
  @CacheTags(byId(Tag.diveSite))
  async tides(
    @Param('id', idParam('Dive site id')) siteId: number,
    @Query('from') from: unknown,
    @Query('days') days: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SiteConditions> {
    const site = await this.sites.findById(siteId);
    const zone = this.conditions.zoneOf(site);
    const query = readTideQuery(from, days, this.conditions.today(zone));
    if ('field' in query) throw new BadRequestException(errorBody(400, query.message, { [query.field]: [query.message] }));
    // Without `from`, the answer is about today at the site: right until its midnight.
    if (from === undefined) keepAnswerFor(response, this.conditions.untilMidnight(zone));
    return this.conditions.forSite(site, query.from, query.days);
  }
}
