import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { Invalidates } from 'src/common/cache-tags';
import type { ConditionsResponse } from 'core/api/conditions';
import { idParam } from 'src/validation/id.pipe';
import { ForecastService } from './forecast.service';

/** Issue 46: a site's stored marine forecast and its outlook per day (core/api/conditions.ts). */
@Controller('api/dive-sites')
export class ForecastController {
  constructor(private readonly forecast: ForecastService) {}

  /** Not kept by the page cache (its Cache-Control): the forecast's age moves with the clock. */
  @Get(':id/conditions')
  @Header('Cache-Control', 'no-cache')
  conditions(@Param('id', idParam('Dive site id')) siteId: number): Promise<ConditionsResponse> {
    return this.forecast.conditions(siteId);
  }
}

/** The operator's refresh of every site's forecast now (issue 46): queued as the schedule's; pages are dropped as each batch is stored. */
@Controller('api/admin/forecast')
export class ForecastAdminController {
  constructor(private readonly forecast: ForecastService) {}

  @Post('refresh')
  @AdminOnly()
  // Nothing changes until a job stores a batch, which drops its pages itself.
  @Invalidates()
  @HttpCode(202)
  async refresh(): Promise<{ jobs: number }> {
    return { jobs: await this.forecast.scheduleEvery() };
  }
}
