import { Module } from '@nestjs/common';
import { InsightsModule } from 'src/insights/insights.module';
import { HousekeepingService } from './housekeeping.service';

@Module({ imports: [InsightsModule], providers: [HousekeepingService] })
export class HousekeepingModule {}
