import type { AuditLog } from './audit-log.entity';
import type { SecuritySummary } from './audit.service';

/** An event of the security dashboard: no user agent (noise in the table), nothing secret is ever stored. */
export function toSecurityEvent(log: AuditLog) {
  return {
    id: log.id,
    timestamp: log.timestamp.toISOString(),
    action: log.action,
    resource: log.resource,
    ipAddress: log.ipAddress,
    details: log.details,
  };
}

export function toSecuritySummaryResponse(summary: SecuritySummary) {
  return { ...summary, recentActivity: summary.recentActivity.map(toSecurityEvent) };
}
