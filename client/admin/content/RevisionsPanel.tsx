import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RevisionListItem, RevisionResponse } from 'core/api/revisions';
import { apiRequest, getJson } from '../../lib/api';
import { reportFailure, reportSuccess } from '../feedback';
import { formatAdminDateTime } from '../format';
import { keys } from '../query-keys';
import { Button } from '../ui/Button';
import { Loaded } from '../ui/Loaded';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';
import type { ContentAdminOptions } from './useContentAdmin';

/** The editor's names for the fields a version keeps, in the order the form shows them. */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'URL Slug',
  category: 'Category',
  author: 'Author',
  price: 'Price',
  rating: 'Rating',
  imageUrl: 'Image URL',
  videoUrl: 'Video URL',
  videoThumbnail: 'Video thumbnail URL',
  purchaseLink: 'Purchase Link',
  published: 'Published',
  publishedAt: 'Published Date',
  excerpt: 'Excerpt',
  content: 'Content',
};

const label = (field: string) => FIELD_LABELS[field] ?? field;

function shown(field: string, value: string | number | boolean | null): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === '') return '(empty)';
  if (field === 'publishedAt') return formatAdminDateTime(String(value));
  return String(value);
}

export interface RevisionsPanelProps<P> {
  api: ContentAdminOptions;
  postId: number;
  /** The post as the restore saved it, for the form to show. */
  onRestored: (post: P) => void;
}

/**
 * The 'Revisions' of the post being edited: each version a save replaced (when, by whom, which fields
 * differ from the post now), a preview of one, and 'Restore this version', which saves it back.
 */
export function RevisionsPanel<P extends { title: string }>({ api, postId, onRestored }: RevisionsPanelProps<P>) {
  const kind = api.queryKey[1];
  const base = `/api/admin/${kind}/${postId}/revisions`;
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [selected, setSelected] = useState<number | null>(null);
  const list = useQuery({ queryKey: keys.revisions(kind, postId), queryFn: () => getJson<RevisionListItem[]>(base) });
  const preview = useQuery({
    queryKey: [...keys.revisions(kind, postId), selected],
    queryFn: () => getJson<RevisionResponse>(`${base}/${selected}`),
    enabled: selected !== null,
  });

  const restore = useMutation({
    mutationFn: (revisionId: number) => apiRequest<P>('POST', `${base}/${revisionId}/restore`),
    onSuccess: (post) => {
      setSelected(null);
      // The post's list and its revisions (under the same key) change; so does the session's remaining time.
      void queryClient.invalidateQueries({ queryKey: api.queryKey });
      void queryClient.invalidateQueries({ queryKey: keys.session });
      onRestored(post);
      reportSuccess('Version Restored', `"${post.title}" is back as it was. The version it replaced is kept in Revisions.`);
    },
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to restore this version. Please try again.'),
  });

  const ask = (revision: RevisionResponse) =>
    confirm.ask({
      title: 'Restore this version?',
      description: `The post will be saved with the fields of the version replaced on ${formatAdminDateTime(revision.createdAt)}, and unsaved changes in the form are lost. The current version is kept in Revisions; whether the post is published does not change.`,
      confirmLabel: 'Restore',
      onConfirm: () => restore.mutate(revision.id),
    });

  return (
    <Card>
      <CardHeader
        title="Revisions"
        level={3}
        description="Each save keeps the version it replaces (the newest 50): here is the post as it was before each save."
      />
      <CardContent className="grid gap-4">
        <Loaded state={list} what="revisions">
          {(revisions) =>
            revisions.length === 0 ? (
              <p className="text-sm text-slate-500">No earlier versions yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Revisions">
                {revisions.map((revision) => (
                  <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{revision.title}</p>
                      <p className="mt-0.5 text-xs text-slate-500">
                        Replaced {formatAdminDateTime(revision.createdAt)} by {revision.author} ·{' '}
                        {revision.changedFields.length ? `Differs in: ${revision.changedFields.map(label).join(', ')}` : 'Same as the current version'}
                      </p>
                    </div>
                    <Button
                      variant="outline"
                      small
                      aria-pressed={selected === revision.id}
                      aria-label={`Preview the version replaced ${formatAdminDateTime(revision.createdAt)}`}
                      onClick={() => setSelected(selected === revision.id ? null : revision.id)}
                    >
                      Preview
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
        {selected !== null &&
          (preview.isPending ? (
            <p className="text-sm text-slate-500">Loading the version...</p>
          ) : preview.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Failed to load this version. Please try again.
            </p>
          ) : (
            <section aria-label="Version preview" className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
              <h4 className="font-semibold text-slate-900">Version replaced {formatAdminDateTime(preview.data.createdAt)}</h4>
              <dl className="grid gap-2 text-sm">
                {Object.keys(FIELD_LABELS)
                  .filter((field) => field in preview.data.snapshot)
                  .map((field) => (
                    <div key={field} className="grid gap-1 md:grid-cols-[10rem_1fr]">
                      <dt className="font-medium text-slate-700">
                        {label(field)}
                        {preview.data.changedFields.includes(field) && <span className="ml-1 text-xs font-normal text-amber-700">(differs)</span>}
                      </dt>
                      <dd className={`whitespace-pre-wrap break-words text-slate-900 ${field === 'content' ? 'max-h-64 overflow-auto' : ''}`}>
                        {shown(field, preview.data.snapshot[field])}
                      </dd>
                    </div>
                  ))}
              </dl>
              <div>
                <Button disabled={restore.isPending} onClick={() => ask(preview.data)}>
                  Restore this version
                </Button>
              </div>
            </section>
          ))}
      </CardContent>
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </Card>
  );
}
