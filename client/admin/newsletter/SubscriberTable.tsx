import { formatAdminDate } from '../format';
import type { SubscriberResponse } from 'core/api/admin';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { ScrollTable } from '../ui/ScrollTable';

/** Email, Status, Subscribed Date, Actions; scrolls within a fixed height (SPEC section 9). */
export function SubscriberTable({
  subscribers,
  onEdit,
  onDelete,
  busyId,
}: {
  subscribers: SubscriberResponse[];
  onEdit: (s: SubscriberResponse) => void;
  onDelete: (s: SubscriberResponse) => void;
  busyId: number | null;
}) {
  if (subscribers.length === 0) return <p className="py-6 text-center text-sm text-slate-500">No newsletter subscribers yet</p>;
  return (
    <ScrollTable label="Subscribers" columns={['Email', 'Status', 'Subscribed Date', 'Actions']}>
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id}>
          <td className="break-all px-4 py-2 font-medium text-slate-900">{subscriber.email}</td>
          <td className="px-4 py-2">
            <SubscriberStatus subscriber={subscriber} />
          </td>
          <td className="px-4 py-2 text-slate-600">{formatAdminDate(subscriber.createdAt)}</td>
          <td className="px-4 py-2">
            <div className="flex gap-2">
              <Button variant="outline" small onClick={() => onEdit(subscriber)} aria-label={`Edit ${subscriber.email}`}>
                Edit
              </Button>
              <Button
                variant="quiet-destructive"
                small
                disabled={busyId === subscriber.id}
                onClick={() => onDelete(subscriber)}
                aria-label={`Delete ${subscriber.email}`}
              >
                Delete
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** Active, Unsubscribed, or a sign-up whose owner has not followed the emailed link yet (double opt-in). */
function SubscriberStatus({ subscriber }: { subscriber: SubscriberResponse }) {
  if (subscriber.subscribed) return <Badge tone="green">Active</Badge>;
  if (subscriber.awaitingConfirmation) return <Badge tone="yellow">Waiting for confirmation</Badge>;
  return <Badge tone="slate">Unsubscribed</Badge>;
}
