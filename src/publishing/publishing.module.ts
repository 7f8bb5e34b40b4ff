import { Module } from '@nestjs/common';
import { RevisionsModule } from 'src/revisions/revisions.module';
import { PublishingService } from './publishing.service';

@Module({ imports: [RevisionsModule], providers: [PublishingService], exports: [PublishingService] })
export class PublishingModule {}
