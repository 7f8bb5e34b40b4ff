import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminSessionGate } from 'client/admin/AdminSessionGate';
import { AdminScreenShell } from '../admin/ui/AdminShell';
import type { AdminRatingResponse } from 'core/api/dive-sites';
import { apiRequest } from '../lib/api';
import { dropFromPages, useAdminPages } from '../admin/use-admin-pages';
import { toast } from '../lib/toast';
import { timeDistance } from '../admin/format';
import { isUnauthorized } from '../admin/session';
import { ManagedItem, ManagedList, ManagementHeading } from '../admin/ui/ManagementScreen';
import { ConfirmDialog } from '../admin/ui/ConfirmDialog';
import { useConfirm } from '../admin/ui/useConfirm';

// Under 'admin', so ending the session drops it with the rest of the admin data.
const RATINGS_KEY = ['admin', 'ratings'] as const;

/** /admin/ratings: the latest dive-site ratings across every site, each one deletable. */
export function AdminRatings() {
  return (
    <AdminSessionGate
      checking="Checking authentication..."
      signInElsewhere={{
        title: 'Admin Authentication Required',
        text: 'Please log in through the main admin panel to access rating management.',
        link: 'Go to Admin Panel',
      }}
    >
      <AdminScreenShell current="/admin/ratings">
        <RatingManagement />
      </AdminScreenShell>
    </AdminSessionGate>
  );
}

function RatingManagement() {
  const queryClient = useQueryClient();
  // Requested only once signed in: this component renders only with a session.
  const ratings = useAdminPages<AdminRatingResponse>(RATINGS_KEY, '/api/admin/ratings');
  const confirm = useConfirm();

  const remove = useMutation({
    mutationFn: (rating: AdminRatingResponse) => apiRequest<void>('DELETE', `/api/admin/ratings/${rating.id}`),
    onSuccess: (_result, deleted) => {
      dropFromPages(queryClient, RATINGS_KEY, deleted.id);
      void queryClient.invalidateQueries({ queryKey: RATINGS_KEY });
      toast({ title: 'Rating deleted', description: `The rating of ${deleted.site.name} has been permanently deleted.` });
    },
    onError: (error) => {
      // The session gate signs the administrator out.
      if (isUnauthorized(error)) return;
      toast({ title: 'Error', description: 'Failed to delete rating. Please try again.', variant: 'destructive' });
    },
  });

  return (
    <div className="grid gap-6">
      <ManagementHeading title="Rating Management">
        The latest star ratings of dive sites, newest first. Delete anything that should not count.
      </ManagementHeading>
      <ManagedList query={ratings} noun="ratings" placeholder="h-24" empty="There are no ratings yet.">
        {(list) => (
          <ul className="grid gap-4" aria-label="Ratings">
            {list.map((rating) => (
              <ManagedItem
                key={rating.id}
                summary={
                  <>
                    <h2 className="font-semibold text-slate-900">
                      <a href={`/dive-sites/${rating.site.id}`} className="text-cyan-700 hover:underline">
                        {rating.site.name}
                      </a>
                    </h2>
                    <p className="text-amber-600" role="img" aria-label={`${rating.rating} out of 5 stars`}>
                      {'★'.repeat(rating.rating)}
                      <span className="text-slate-300">{'★'.repeat(5 - rating.rating)}</span>
                    </p>
                    <p className="mt-1 text-xs text-slate-500">
                      <time dateTime={rating.createdAt}>Submitted {timeDistance(rating.createdAt)} ago</time>
                    </p>
                  </>
                }
                body={rating.comment}
                deleting={remove.isPending && remove.variables?.id === rating.id}
                deleteLabel={`Delete rating of ${rating.site.name}`}
                onDelete={() =>
                  // Deleting cannot be undone: asked first, like every other delete of the admin screens.
                  confirm.ask({
                    title: 'Delete Rating',
                    description: `Are you sure you want to delete this ${rating.rating}-star rating of ${rating.site.name}? This action cannot be undone.`,
                    onConfirm: () => remove.mutate(rating),
                  })
                }
              />
            ))}
          </ul>
        )}
      </ManagedList>
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </div>
  );
}
