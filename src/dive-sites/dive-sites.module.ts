import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiveSiteArticlesService } from './dive-site-articles.service';
import { DiveSiteExportService } from './dive-site-export.service';
import { DiveSiteMapController } from './dive-site-map.controller';
import { DiveSiteMapService } from './dive-site-map.service';
import { DiveSite } from './dive-site.entity';
import { ForecastModule } from 'src/forecast/forecast.module';
import { DiveSitesController } from './dive-sites.controller';
import { DiveSitesService } from './dive-sites.service';
import { Notice, NoticeSite } from './notice.entity';
import { SiteCheck } from './site-check.entity';
import { SiteFactsController } from './site-facts.controller';
import { SiteFactsService } from './site-facts.service';

/** The dive-site API: public reads and search, the administrator's writes, and the exports. */
@Module({
  imports: [TypeOrmModule.forFeature([DiveSite, SiteCheck, Notice, NoticeSite]), ForecastModule],
  // The map's controller first: its `map` path would otherwise be read as a site id.
  controllers: [DiveSiteMapController, DiveSitesController, SiteFactsController],
  providers: [DiveSitesService, DiveSiteArticlesService, DiveSiteExportService, DiveSiteMapService, SiteFactsService],
  exports: [DiveSitesService, DiveSiteArticlesService, DiveSiteExportService, DiveSiteMapService, SiteFactsService],
})
export class DiveSitesModule {}
