import { formatAdminDateTime } from '../format';
import type { SecurityEvent } from 'core/api/admin';
import { Badge, type BadgeTone } from '../ui/Badge';
import { ScrollTable } from '../ui/ScrollTable';

/** SPEC section 2: green login_success; red login_failure and login_blocked; blue admin_logout; grey otherwise. */
export function actionTone(action: string): BadgeTone {
  if (action === 'login_success') return 'green';
  if (action === 'login_failure' || action === 'login_blocked') return 'red';
  if (action === 'admin_logout') return 'blue';
  return 'slate';
}

const detailsText = (details: SecurityEvent['details']) => (details == null ? '' : typeof details === 'string' ? details : JSON.stringify(details));

/** 'Recent Security Events' (and the audit log's rows): Time, Action, IP Address, Details; scrolls within a fixed height. */
export function SecurityEvents({
  events,
  label = 'Recent security events',
  empty = 'No recent security events',
}: {
  events: SecurityEvent[];
  label?: string;
  empty?: string;
}) {
  if (events.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{empty}</p>;
  return (
    <ScrollTable label={label} columns={['Time', 'Action', 'IP Address', 'Details']}>
      {events.map((event) => (
        <tr key={event.id}>
          <td className="whitespace-nowrap px-4 py-2 text-slate-600">{formatAdminDateTime(event.timestamp)}</td>
          <td className="px-4 py-2">
            <Badge tone={actionTone(event.action)}>{event.action}</Badge>
          </td>
          <td className="px-4 py-2 font-mono text-xs text-slate-700">{event.ipAddress || 'N/A'}</td>
          <td className="break-all px-4 py-2 text-xs text-slate-600">{detailsText(event.details)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
