import type { SecurityEvent, SecuritySummary as SecuritySummaryResponse } from 'core/api/admin';
import type { AuditLog } from './audit-log.entity';
import type { SecuritySummary } from './audit.service';

export function toSecurityEvent(log: AuditLog): SecurityEvent {
  return {
    id: log.id,
    timestamp: log.timestamp.toISOString(),
    action: log.action,
    resource: log.resource,
    ipAddress: log.ipAddress,
    details: log.details,
  };
}

export function toSecuritySummaryResponse(summary: SecuritySummary): SecuritySummaryResponse {
  return { ...summary, recentActivity: summary.recentActivity.map(toSecurityEvent) };
}
