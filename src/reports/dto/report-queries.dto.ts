import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { REPORT_STATUSES, type ReportStatus } from 'core/reports';
import { AdminPageQueryDto } from 'src/lists/admin-page';

const FILTERS = [...REPORT_STATUSES, 'all'] as const;

/** GET /api/admin/reports?status={pending|published|rejected|all} (pending when absent), a page at a time, `q` finding text. */
export class AdminReportQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: FILTERS })
  @IsOptional()
  @IsIn(FILTERS, { message: `status must be one of: ${FILTERS.join(', ')}` })
  status?: ReportStatus | 'all';
}

/** The reports an administrator's action applies to: one or more ids, at most 100 at once. */
export class ReportIdsDto {
  @ApiPropertyOptional({ type: [Number] })
  @IsArray({ message: 'ids must be a list of report ids' })
  @ArrayMinSize(1, { message: 'Choose at least one report' })
  @ArrayMaxSize(100, { message: 'At most 100 reports at once' })
  @Min(1, { each: true, message: 'ids must be a list of report ids' })
  @IsInt({ each: true, message: 'ids must be a list of report ids' })
  ids: number[];
}
