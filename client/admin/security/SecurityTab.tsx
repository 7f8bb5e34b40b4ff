import type { UseQueryResult } from '@tanstack/react-query';
import type { SecuritySummary } from 'core/api/admin';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { AuditLog } from './AuditLog';
import { SecurityEvents } from './SecurityEvents';

const FEATURES = [
  '5 login attempts per 15 minutes',
  '30-minute inactivity session timeout',
  'Audit logging of all admin actions',
  'IP tracking',
  'Automatic session regeneration',
];

/** 'Security Dashboard' (SPEC section 2, security tab); the data query lives in the dashboard. */
export function SecurityTab({ summary }: { summary: UseQueryResult<SecuritySummary> }) {
  const data = summary.data;
  return (
    <Card>
      <CardHeader
        title="Security Dashboard"
        description="Sign-in activity and admin actions of the last 24 hours."
        actions={
          <Button variant="outline" small disabled={summary.isFetching} onClick={() => void summary.refetch()}>
            Refresh
          </Button>
        }
      />
      <CardContent className="grid grid-cols-1 gap-6">
        {summary.isPending ? (
          <p className="text-sm text-slate-500">Loading security dashboard...</p>
        ) : summary.isError || !data ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load the security dashboard. Please try again.
          </p>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Tile label="Total Attempts" note="Last 24 hours" value={data.totalLoginAttempts} tone="text-slate-900" />
              <Tile label="Successful" value={data.successfulLogins} tone="text-green-600" />
              <Tile label="Failed" value={data.failedAttempts} tone="text-red-600" />
              <Tile label="Blocked" note="Rate limited" value={data.blockedAttempts} tone="text-orange-600" />
            </div>
            <div>
              <h3 className="mb-3 text-base font-semibold text-slate-900">Recent Security Events</h3>
              <SecurityEvents events={data.recentActivity} />
            </div>
          </>
        )}
        <p className="text-xs text-slate-500">Auto-refreshes every 5s while this tab is active (every 30s otherwise).</p>
        <div className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
          <p className="font-semibold">Security Features</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
        <AuditLog />
      </CardContent>
    </Card>
  );
}

function Tile({ label, note, value, tone }: { label: string; note?: string; value: number; tone: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-1 text-3xl font-bold ${tone}`}>{value}</p>
      {note && <p className="text-xs text-slate-500">{note}</p>}
    </div>
  );
}
