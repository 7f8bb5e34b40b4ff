import { Controller, Get } from '@nestjs/common';
import { toSecuritySummaryResponse } from 'src/audit/audit-log.response';
import { AuditService } from 'src/audit/audit.service';
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
}
