import { PublicForm } from 'src/forms/public-form';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PUBLIC_PAGE_SIZE, adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { byId, CacheTags, Invalidates, reportsChanged, Tag } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { ListSliceQueryDto } from 'src/lists/list-slice.dto';
import { RateLimit } from 'src/rate-limit/rate-limit.decorator';
import { CreateReportDto } from './dto/create-report.dto';
import { AdminReportQueryDto, ReportIdsDto } from './dto/report-queries.dto';
import { ReportsService } from './reports.service';

const siteId = idParam('Dive site id');

/** Issue 45: divers' condition reports of a site, and the administrator's queue of them. */
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  /** The site's published reports, the newest dive first, a page at a time (`limit`, `offset`; X-Total-Count and Link). */
  @Get('api/dive-sites/:id/reports')
  @CacheTags(byId(Tag.reports))
  async list(
    @Param('id', siteId) diveSiteId: number,
    @Query() slice: ListSliceQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const page = { limit: slice.limit ?? PUBLIC_PAGE_SIZE, offset: slice.offset ?? 0 };
    const { rows, total } = await this.reports.forSite(diveSiteId, page);
    sendPageHeaders(request, response, total, page);
    return rows;
  }

  /**
   * Takes a report: 201 with it, whether it is on the page already, and the words to thank the diver with.
   * An `Idempotency-Key` header (a report written offline and sent again) is honoured: the same key answers
   * the report it made, stored once.
   */
  @PublicForm('api/dive-sites/:id/reports', 'forms/dive-sites/:id/reports', ({ published }) => ({ published }))
  @RateLimit('report')
  @Invalidates(reportsChanged)
  create(@Param('id', siteId) diveSiteId: number, @Body() dto: CreateReportDto, @Headers('idempotency-key') idempotencyKey?: string) {
    return this.reports.create(diveSiteId, dto, idempotencyKey);
  }

  @Get('api/admin/reports')
  @AdminOnly()
  async queue(@Query() { status = 'pending', q, ...slice }: AdminReportQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = adminSlice(slice);
    const { rows, total } = await this.reports.adminPage(status, q, page);
    sendPageHeaders(request, response, total, page);
    return rows;
  }

  /** Publishes these reports (several at once); answers the ids found and their sites. */
  @Post('api/admin/reports/approve')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(reportsChanged)
  approve(@Body() { ids }: ReportIdsDto) {
    return this.reports.setStatus(ids, 'published');
  }

  /** Keeps these reports off the page (they stay in the Rejected list until deleted). */
  @Post('api/admin/reports/reject')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(reportsChanged)
  reject(@Body() { ids }: ReportIdsDto) {
    return this.reports.setStatus(ids, 'rejected');
  }

  @Post('api/admin/reports/delete')
  @AdminOnly()
  @HttpCode(200)
  @Invalidates(reportsChanged)
  remove(@Body() { ids }: ReportIdsDto) {
    return this.reports.remove(ids);
  }
}
