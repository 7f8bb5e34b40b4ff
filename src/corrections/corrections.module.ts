import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { CorrectionsController } from './corrections.controller';
import { CorrectionsService } from './corrections.service';
import { SiteCorrection } from './site-correction.entity';
import { SiteFieldRevision } from './site-field-revision.entity';

/** Issue 30: visitors' suggested corrections of a site's facts, and the administrator's queue of them. */
@Module({
  imports: [TypeOrmModule.forFeature([SiteCorrection, SiteFieldRevision]), DiveSitesModule],
  controllers: [CorrectionsController],
  providers: [CorrectionsService],
  exports: [CorrectionsService],
})
export class CorrectionsModule {}
