import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { Media } from 'src/images/media.entity';
import { ConditionReport } from './condition-report.entity';
import { ReportPhoto } from './report-photo.entity';
import { PhotoWorker } from './photo-worker';
import { ReportPhotosService } from './report-photos.service';
import { ReportsController } from './reports.controller';
import { ReportsPagesController } from './reports-pages.controller';
import { ReportsFeedController } from './reports-feed.controller';
import { ReportsService } from './reports.service';

/** Issue 45: divers' condition reports of the dive sites, and their moderation. */
@Module({
  imports: [TypeOrmModule.forFeature([ConditionReport, ReportPhoto, Media]), DiveSitesModule],
  controllers: [ReportsController, ReportsPagesController, ReportsFeedController],
  providers: [ReportsService, ReportPhotosService, PhotoWorker],
  exports: [ReportsService, ReportPhotosService],
})
export class ReportsModule {}
