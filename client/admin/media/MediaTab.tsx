import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { useAdminPages } from '../use-admin-pages';
import { MoreRows } from '../ui/MoreRows';
import { reportFailure, reportSuccess } from '../feedback';
import { keys } from '../query-keys';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';
import { singleImageUrl } from 'core/images';

interface MediaItem {
  id: number;
  url: string;
  mimeType: string;
  width: number;
  height: number;
  size: number;
  originalName: string | null;
  createdAt: string;
  usedBy: { type: string; id: number; title: string }[];
}

const kilobytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The uploaded images, where each is used, and Delete for the unused ones (GET/DELETE /api/admin/media). */
export function MediaTab() {
  const queryClient = useQueryClient();
  const media = useAdminPages<MediaItem>(keys.media, '/api/admin/media');
  const remove = useMutation({
    mutationFn: (item: MediaItem) => apiRequest<void>('DELETE', `/api/admin/media/${item.id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.media });
      reportSuccess('Image Deleted', 'The uploaded image has been deleted.');
    },
    onError: (error) => reportFailure(error, 'Deletion Failed', 'Failed to delete the image. Please try again.'),
  });
  const items = media.data ?? [];
  const confirm = useConfirm();
  // Issue 44: deleting anything asks first; an uploaded image is gone for good.
  const askDelete = (item: MediaItem) =>
    confirm.ask({
      title: 'Delete Image',
      description: `Are you sure you want to delete "${item.originalName ?? item.url}"? This action cannot be undone.`,
      onConfirm: () => remove.mutate(item),
    });
  return (
    <Card>
      <CardHeader title={`Media (${media.total})`} description="Images uploaded from the forms' Upload buttons. An image in use cannot be deleted." />
      <CardContent>
        {media.isPending && <p className="text-sm text-slate-600">Loading media...</p>}
        {!media.isPending && !media.isError && items.length === 0 && (
          <p className="text-sm text-slate-600">No uploaded images yet. Use an Upload button beside any image URL field.</p>
        )}
        <ul aria-label="Uploaded images" className="grid gap-4">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-200 p-3">
              <img
                src={singleImageUrl(item.url, 400)}
                alt={item.originalName ?? 'Uploaded image'}
                loading="lazy"
                width={160}
                height={Math.round((160 * item.height) / item.width)}
                className="h-24 w-40 rounded bg-slate-100 object-cover"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold text-slate-900">{item.originalName ?? 'Uploaded image'}</p>
                <p className="text-slate-600">
                  {item.width} x {item.height} · {kilobytes(item.size)} · {item.mimeType}
                </p>
                <p className="break-all text-xs text-slate-500">{item.url}</p>
                <p className="mt-1 text-slate-700">
                  {item.usedBy.length ? `Used by: ${item.usedBy.map((use) => `${use.type} "${use.title}"`).join(', ')}` : 'Not used'}
                </p>
              </div>
              {item.usedBy.length === 0 && (
                <Button
                  variant="quiet-destructive"
                  small
                  disabled={remove.isPending}
                  onClick={() => askDelete(item)}
                  aria-label={`Delete ${item.originalName ?? item.url}`}
                >
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
        <MoreRows shown={items.length} total={media.total} hasMore={media.hasMore} loading={media.loadingMore} onMore={media.more} />
        <ConfirmDialog request={confirm.request} onClose={confirm.close} />
      </CardContent>
    </Card>
  );
}
