import type { SecurityEvent, SecuritySummary as SecuritySummaryResponse } from 'core/api/admin';
import type { AuditLog } from './audit-log.entity';
import { LOGIN_EVENTS, type SecuritySummary } from './audit.service';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** Other details as 'name: value' pairs, so no row shows raw JSON. */
const pairs = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : (text(value) ?? JSON.stringify(value))}`)
    .join('; ');

/**
 * What happened, as a person reads it on the Security tab: 'Signed in', 'Wrong password',
 * 'PUT /api/dive-sites/12 → 200 (fields: name, region)'. The row keeps its structured details.
 */
export function describeSecurityEvent(log: Pick<AuditLog, 'action' | 'resource' | 'details'>): string {
  const details = log.details;
  if (typeof details === 'string') return details;
  const reason = text(details?.reason);
  switch (log.action) {
    case LOGIN_EVENTS.success:
      return 'Signed in';
    case LOGIN_EVENTS.logout: {
      if (details?.everywhere !== true) return 'Signed out';
      const sessions = Number(details.sessions);
      return Number.isInteger(sessions) ? `Signed out everywhere (${sessions} session${sessions === 1 ? '' : 's'} ended)` : 'Signed out everywhere';
    }
    case LOGIN_EVENTS.failure:
      return !reason || reason === 'Invalid password' ? 'Wrong password' : `Sign-in refused: ${reason}`;
    case LOGIN_EVENTS.blocked: {
      const attempts = text(details?.attempts);
      const limit = text(details?.limit);
      const extra = [attempts && `${attempts} attempts`, limit && `limit ${limit}`].filter(Boolean).join(', ');
      return `Sign-in blocked: ${reason ?? 'too many attempts'}${extra ? ` (${extra})` : ''}`;
    }
  }
  if (!details) return log.resource ?? '';
  const { method, status, outcome, fields, params: _params, ...rest } = details;
  if (outcome === undefined) return pairs(details);
  const result = text(status) ?? (outcome === 'success' ? 'done' : 'failed');
  const request = [text(method), log.resource].filter(Boolean).join(' ');
  const sent = Array.isArray(fields) && fields.length ? ` (fields: ${fields.join(', ')})` : '';
  const more = Object.keys(rest).length ? `; ${pairs(rest)}` : '';
  return `${request} → ${result}${sent}${more}`;
}

export function toSecurityEvent(log: AuditLog): SecurityEvent {
  return {
    id: log.id,
    timestamp: log.timestamp.toISOString(),
    action: log.action,
    resource: log.resource,
    ipAddress: log.ipAddress,
    details: describeSecurityEvent(log),
  };
}

export function toSecuritySummaryResponse(summary: SecuritySummary): SecuritySummaryResponse {
  return { ...summary, recentActivity: summary.recentActivity.map(toSecurityEvent) };
}
