import { Module } from '@nestjs/common';
import { RevisionsModule } from 'src/revisions/revisions.module';
import { PublicationSchedule } from './publication-schedule.service';
import { PublishingService } from './publishing.service';

@Module({ imports: [RevisionsModule], providers: [PublishingService, PublicationSchedule], exports: [PublishingService, PublicationSchedule] })
export class PublishingModule {}
