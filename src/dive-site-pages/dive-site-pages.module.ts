import { Module } from '@nestjs/common';
import { RatingsModule } from 'src/ratings/ratings.module';
import { ReportsModule } from 'src/reports/reports.module';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { ConditionsModule } from 'src/conditions/conditions.module';
import { ForecastModule } from 'src/forecast/forecast.module';
import { DiveSitePagesController } from './dive-site-pages.controller';
import { DiveSitePagesService } from './dive-site-pages.service';
import { SafetyBriefService } from './safety-brief.service';

/** The server-rendered pages /dive-sites and /dive-sites/{id}. */
@Module({
  imports: [DiveSitesModule, RatingsModule, ConditionsModule, ForecastModule, ReportsModule],
  controllers: [DiveSitePagesController],
  providers: [DiveSitePagesService, SafetyBriefService],
})
export class DiveSitePagesModule {}
