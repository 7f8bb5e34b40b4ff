import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toSecurityEvent, toSecuritySummaryResponse } from 'src/audit/audit-log.response';
import { AuditService } from 'src/audit/audit.service';
import { AdminPageQueryDto, adminSlice, sendPageHeaders } from 'src/lists/admin-page';
import { AdminOnly } from './admin-only.decorator';

@Controller('api/admin')
export class SecurityDashboardController {
  constructor(private readonly audit: AuditService) {}

  /** Polled every 5 or 30 seconds by the dashboard, hence passive (see AdminOnlyOptions). */
  @Get('security-dashboard')
  @AdminOnly({ passive: true })
  async summary() {
    return toSecuritySummaryResponse(await this.audit.securitySummary());
  }

  /**
   * The whole audit log a page at a time, newest first (X-Total-Count and Link beside the rows), searchable
   * by action, resource or address with `q`; each row in the Security tab's words.
   */
  @Get('audit-log')
  @AdminOnly()
  async auditLog(@Query() { q, ...slice }: AdminPageQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const page = adminSlice(slice);
    const { rows, total } = await this.audit.page(q, page);
    sendPageHeaders(request, response, total, page);
    return rows.map(toSecurityEvent);
  }
}
