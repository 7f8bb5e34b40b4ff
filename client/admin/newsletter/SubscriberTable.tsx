import { formatAdminDate } from '../format';
import type { SubscriberResponse } from 'core/api/admin';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';

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
    <div className="max-h-96 overflow-y-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label="Subscribers">
      <table className="w-full text-left text-sm">
        <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Email
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Subscribed Date
            </th>
            <th scope="col" className="px-4 py-3">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className="break-all px-4 py-2 font-medium text-slate-900">{subscriber.email}</td>
              <td className="px-4 py-2">{subscriber.subscribed ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Unsubscribed</Badge>}</td>
              <td className="px-4 py-2 text-slate-600">{formatAdminDate(subscriber.createdAt)}</td>
              <td className="px-4 py-2">
                <div className="flex gap-2">
                  <Button variant="outline" small onClick={() => onEdit(subscriber)}>
                    Edit
                  </Button>
                  <Button variant="destructive" small disabled={busyId === subscriber.id} onClick={() => onDelete(subscriber)}>
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
