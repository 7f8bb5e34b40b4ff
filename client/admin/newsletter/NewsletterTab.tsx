import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../lib/api';
import { useAdminPages } from '../use-admin-pages';
import { MoreRows } from '../ui/MoreRows';
import { reportFailure, reportMissing, reportSuccess } from '../feedback';
import { keys } from '../query-keys';
import type { SubscriberResponse } from 'core/api/admin';
import { Badge } from '../ui/Badge';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Loaded } from '../ui/Loaded';
import { useConfirm } from '../ui/useConfirm';
import { SubscriberForm } from './SubscriberForm';
import { SubscriberTable } from './SubscriberTable';

/** Newsletter subscribers: the table with its badges, and the edit form (SPEC section 2, newsletter tab). */
export function NewsletterTab() {
  const queryClient = useQueryClient();
  // A page at a time, newest first; the badges count every subscriber (X-Total-Count, X-Active-Count).
  const subscribers = useAdminPages<SubscriberResponse>(keys.subscribers, '/api/newsletter/subscribers');
  const [selected, setSelected] = useState<SubscriberResponse | null>(null);
  const confirm = useConfirm();
  const list = subscribers.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.subscribers });

  const update = useMutation({
    mutationFn: ({ id, values }: { id: number; values: { email: string; subscribed: boolean } }) =>
      apiRequest<SubscriberResponse>('PATCH', `/api/newsletter/subscribers/${id}`, values),
    onSuccess: () => {
      refresh();
      setSelected(null);
      reportSuccess('Subscriber Updated', 'The subscriber has been updated.');
    },
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to update subscriber. Please try again.'),
  });

  const remove = useMutation({
    mutationFn: (subscriber: SubscriberResponse) => apiRequest<void>('DELETE', `/api/newsletter/subscribers/${subscriber.id}`),
    onSuccess: (_result, subscriber) => {
      refresh();
      if (selected?.id === subscriber.id) setSelected(null);
      reportSuccess('Subscriber Deleted', 'The subscriber has been removed from the newsletter.');
    },
    onError: (error) => reportFailure(error, 'Deletion Failed', 'Failed to delete subscriber. Please try again.'),
  });

  function save(values: { email: string; subscribed: boolean }) {
    if (!selected || !values.email) return reportMissing('Please fill in all required fields.');
    update.mutate({ id: selected.id, values });
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      {selected && <SubscriberForm key={selected.id} subscriber={selected} saving={update.isPending} onSave={save} onCancel={() => setSelected(null)} />}
      <Card>
        <CardHeader
          title="Newsletter Subscribers"
          description="People who signed up for the newsletter and the free PDF guide."
          actions={
            <div className="flex gap-2">
              <Badge tone="blue">{subscribers.total} Total Subscribers</Badge>
              <Badge tone="green">{Number(subscribers.header('X-Active-Count') ?? 0)} Active</Badge>
            </div>
          }
        />
        <CardContent>
          <Loaded state={subscribers} what="subscribers">
            {() => (
              <>
                <SubscriberTable
                  subscribers={list}
                  onEdit={setSelected}
                  busyId={remove.isPending ? (remove.variables?.id ?? null) : null}
                  onDelete={(subscriber) =>
                    confirm.ask({
                      title: 'Delete Subscriber',
                      description: 'Are you sure you want to delete this newsletter subscriber?',
                      onConfirm: () => remove.mutate(subscriber),
                    })
                  }
                />
                <MoreRows
                  shown={list.length}
                  total={subscribers.total}
                  hasMore={subscribers.hasMore}
                  loading={subscribers.loadingMore}
                  onMore={subscribers.more}
                />
              </>
            )}
          </Loaded>
        </CardContent>
      </Card>
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </div>
  );
}
