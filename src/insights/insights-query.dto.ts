import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { INSIGHT_PERIODS, type InsightPeriod } from 'core/api/insights';

/** `?days=7|30|90` (default 30): the period of the Insights report. */
export class InsightsQueryDto {
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsIn([...INSIGHT_PERIODS], { message: 'days must be 7, 30 or 90' })
  days?: InsightPeriod;
}
