import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminSessionGate } from 'client/admin/AdminSessionGate';
import { AdminScreenShell } from '../admin/ui/AdminShell';
import { apiRequest } from '../lib/api';
import { dropFromPages, useAdminPages } from '../admin/use-admin-pages';
import { toast } from '../lib/toast';
import { timeDistance } from '../admin/format';
import { keys } from '../admin/query-keys';
import { isUnauthorized } from '../admin/session';
import type { AdminComment } from 'core/api/comments';
import { Button } from '../admin/ui/Button';
import { ConfirmDialog } from '../admin/ui/ConfirmDialog';
import { ManagedItem, ManagedList, ManagementHeading } from '../admin/ui/ManagementScreen';
import { useConfirm } from '../admin/ui/useConfirm';

// SPEC's 'There are no comments yet.' is true only of the unfiltered list.
const FILTERS = [
  { value: 'all', label: 'All', empty: 'There are no comments yet.' },
  { value: 'pending', label: 'Pending', empty: 'No pending comments.' },
  { value: 'approved', label: 'Approved', empty: 'No approved comments.' },
] as const;

type Filter = (typeof FILTERS)[number]['value'];

/** /admin/comments (SPEC section 2, comment administration). */
export function AdminComments() {
  return (
    <AdminSessionGate
      checking="Checking authentication..."
      signInElsewhere={{
        title: 'Admin Authentication Required',
        text: 'Please log in through the main admin panel to access comment management.',
        link: 'Go to Admin Panel',
      }}
    >
      <AdminScreenShell current="/admin/comments">
        <CommentManagement />
      </AdminScreenShell>
    </AdminSessionGate>
  );
}

function CommentManagement() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  // Requested only once signed in (SPEC section 6): this component renders only with a session.
  const comments = useAdminPages<AdminComment>(keys.comments(filter), `/api/admin/comments?filter=${filter}`);
  const confirm = useConfirm();

  const remove = useMutation({
    mutationFn: (comment: AdminComment) => apiRequest<void>('DELETE', `/api/admin/comments/${comment.id}`),
    onSuccess: (_result, deleted) => {
      // Out of every filter's list at once, so a list cached under another filter never shows it again.
      dropFromPages(queryClient, ['admin', 'comments'], deleted.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'comments'] });
      toast({ title: 'Comment deleted', description: 'The comment has been permanently deleted.' });
    },
    onError: (error) => {
      // A 401 signs the screen out instead (AdminSessionGate).
      if (isUnauthorized(error)) return;
      toast({ title: 'Error', description: 'Failed to delete comment. Please try again.', variant: 'destructive' });
    },
  });

  return (
    <div className="grid gap-6">
      <ManagementHeading title="Comment Management">
        All comments are visible immediately after posting. Delete anything that should not stay on the site.
      </ManagementHeading>
      <div role="group" aria-label="Filter comments" className="flex flex-wrap gap-2">
        {FILTERS.map(({ value, label }) => (
          <Button key={value} variant={filter === value ? 'primary' : 'outline'} aria-pressed={filter === value} onClick={() => setFilter(value)}>
            {label}
          </Button>
        ))}
      </div>
      <ManagedList query={comments} noun="comments" placeholder="h-36" empty={FILTERS.find(({ value }) => value === filter)?.empty ?? ''}>
        {(list) => (
          <ul className="grid gap-4" aria-label="Comments">
            {list.map((comment) => (
              <ManagedItem
                key={comment.id}
                summary={
                  <>
                    <h2 className="font-semibold text-slate-900">{comment.name}</h2>
                    {comment.email && <p className="break-all text-sm text-slate-600">{comment.email}</p>}
                    <p className="mt-1 text-xs text-slate-500">
                      <time dateTime={comment.createdAt}>Submitted {timeDistance(comment.createdAt)} ago</time>
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      Comment on:{' '}
                      {comment.article ? (
                        <a href={`/blog/${comment.article.slug}`} className="font-medium text-cyan-700 hover:underline">
                          {comment.article.title}
                        </a>
                      ) : (
                        <span className="italic">a deleted article</span>
                      )}
                    </p>
                  </>
                }
                body={comment.content}
                deleting={remove.isPending && remove.variables?.id === comment.id}
                deleteLabel={`Delete comment by ${comment.name}`}
                onDelete={() =>
                  // Deleting cannot be undone: asked first, like every other delete of the admin screens.
                  confirm.ask({
                    title: 'Delete Comment',
                    description: `Are you sure you want to delete this comment by ${comment.name}? This action cannot be undone.`,
                    onConfirm: () => remove.mutate(comment),
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
