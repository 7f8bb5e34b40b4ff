import { Module } from '@nestjs/common';
import { InsightsModule } from 'src/insights/insights.module';
import { NewsletterModule } from 'src/newsletter/newsletter.module';
import { ReportsModule } from 'src/reports/reports.module';
import { HousekeepingService } from './housekeeping.service';

@Module({ imports: [InsightsModule, NewsletterModule, ReportsModule], providers: [HousekeepingService] })
export class HousekeepingModule {}
