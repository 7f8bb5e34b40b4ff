import { Module } from '@nestjs/common';
import { ForecastAdminController, ForecastController } from './forecast.controller';
import { ForecastService } from './forecast.service';
import { SiteOutlooksService } from './site-outlooks.service';
import { DEFAULT_FORECAST_CLIENT_OPTIONS, FORECAST_CLIENT_OPTIONS } from './open-meteo.client';

/** Issue 46: the marine forecast (Open-Meteo) per grid cell, refreshed on the job queue, and each site's outlook. */
@Module({
  controllers: [ForecastController, ForecastAdminController],
  providers: [ForecastService, SiteOutlooksService, { provide: FORECAST_CLIENT_OPTIONS, useValue: DEFAULT_FORECAST_CLIENT_OPTIONS }],
  exports: [ForecastService, SiteOutlooksService],
})
export class ForecastModule {}
