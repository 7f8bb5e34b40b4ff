import { Controller, Get, Header, Param } from '@nestjs/common';
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
