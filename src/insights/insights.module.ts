import { Module } from '@nestjs/common';
import { InsightsController, OutboundController } from './insights.controller';
import { InsightsService } from './insights.service';
import { PageViewsService } from './page-views.service';

/** Issue 32: purchase-link clicks and page views counted on the site, and the admin's Insights report. */
@Module({
  controllers: [OutboundController, InsightsController],
  providers: [InsightsService, PageViewsService],
  exports: [InsightsService, PageViewsService],
})
export class InsightsModule {}
