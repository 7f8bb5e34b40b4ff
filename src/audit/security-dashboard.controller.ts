import { Controller, Get } from '@nestjs/common';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { toSecuritySummaryResponse } from './audit-log.response';
import { AuditService } from './audit.service';

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
