import { Module } from '@nestjs/common';
import { PublicationSchedule } from './publication-schedule.service';
import { PublishingService } from './publishing.service';

@Module({ providers: [PublishingService, PublicationSchedule], exports: [PublishingService, PublicationSchedule] })
export class PublishingModule {}
