import type { SessionStatus } from 'core/api/admin';
import { Button } from '../ui/Button';

/** SPEC section 2: the yellow alert when fewer than 15 minutes of the session remain. */
export function SessionWarning({ session, refreshing, onRefresh }: { session: SessionStatus; refreshing: boolean; onRefresh: () => void }) {
  const minutes = Math.max(0, Math.floor(session.minutesRemaining));
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-yellow-300 bg-yellow-50 p-4 text-yellow-900">
      <div>
        <p className="font-semibold">Session Expiring Soon</p>
        <p className="text-sm">
          Your session will expire in {minutes} minute{minutes === 1 ? '' : 's'}.
          {session.isContentEditing && ' (Content editing sessions are limited to 1 hour)'}
        </p>
      </div>
      <Button variant="outline" disabled={refreshing} onClick={onRefresh}>
        {refreshing ? 'Refreshing...' : 'Refresh Session'}
      </Button>
    </div>
  );
}
