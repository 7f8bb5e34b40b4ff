import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { imageUrl } from 'core/images';
import { reportDay, type AdminReportPhoto, type AdminReportResponse, type ReportStatus } from 'core/reports';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { timeDistance } from '../format';
import { isUnauthorized } from '../session';
import { useAdminPages } from '../use-admin-pages';
import { Button } from '../ui/Button';
import { QueueRows } from '../ui/QueueRows';
import { MoreRows } from '../ui/MoreRows';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';

// Under 'admin', so ending the session drops it with the rest of the admin data.
const QUEUE_KEY = ['admin', 'reports'] as const;

const VIEWS: { status: ReportStatus; label: string }[] = [
  { status: 'pending', label: 'Waiting' },
  { status: 'published', label: 'Published' },
  { status: 'rejected', label: 'Rejected' },
];

type Action = 'approve' | 'reject' | 'delete';
type PhotoAction = 'approve' | 'reject' | 'site-picture';
const PHOTO_DONE: Record<PhotoAction, string> = { approve: 'Photo approved', reject: 'Photo rejected', 'site-picture': "The site's picture is set" };
/** A photo's approve and reject buttons: each one's action, look and words, and the statuses it is offered in. */
const PHOTO_VERDICTS: { action: PhotoAction; variant: 'success' | 'outline'; text: string; from: AdminReportPhoto['status'][] }[] = [
  { action: 'approve', variant: 'success', text: 'Approve photo', from: ['pending'] },
  { action: 'reject', variant: 'outline', text: 'Reject photo', from: ['pending', 'approved'] },
];
const PHOTO_STATUS: Record<AdminReportPhoto['status'], string> = {
  processing: 'Being processed',
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
};
const DONE: Record<Action, string> = { approve: 'approved', reject: 'rejected', delete: 'deleted' };

function facts(report: AdminReportResponse): string {
  return [
    report.visibility !== null && `vis ${report.visibility} m`,
    report.waterTemperature !== null && `${report.waterTemperature} °C`,
    report.current !== null && `current ${report.current}`,
    report.surge !== null && `surge ${report.surge}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Issue 45: divers' condition reports, waiting (REPORTS_MODERATION=on), published or rejected. Several are
 * chosen at once and approved, rejected or deleted together; rejecting and deleting are asked first.
 */
export function ReportsQueue() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReportStatus>('pending');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const queue = useAdminPages<AdminReportResponse>(QUEUE_KEY, `/api/admin/reports?status=${status}`);
  const confirm = useConfirm();
  const act = useMutation({
    mutationFn: ({ action, ids }: { action: Action; ids: number[] }) => apiRequest<{ ids: number[] }>('POST', `/api/admin/reports/${action}`, { ids }),
    onSuccess: (result, { action }) => {
      setChosen(new Set());
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      const count = result.ids.length;
      toast({ title: `Report${count === 1 ? '' : 's'} ${DONE[action]}`, description: `${count} report${count === 1 ? '' : 's'} ${DONE[action]}.` });
    },
    onError: (error: Error) => {
      // The session gate signs the administrator out.
      if (!isUnauthorized(error)) toast({ title: 'Error', description: 'That did not work. Please try again.', variant: 'destructive' });
    },
  });

  const photoAct = useMutation({
    mutationFn: ({ action, id }: { action: PhotoAction; id: number }) => apiRequest<unknown>('POST', `/api/admin/reports/photos/${id}/${action}`),
    onSuccess: (_result, { action }) => {
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      toast({
        title: PHOTO_DONE[action],
        description: action === 'site-picture' ? "The site's cards and page now show this photo." : PHOTO_DONE[action] + '.',
      });
    },
    onError: (error: Error) => {
      if (!isUnauthorized(error)) toast({ title: 'Error', description: 'That did not work. Please try again.', variant: 'destructive' });
    },
  });
  const runPhoto = (action: PhotoAction, photo: AdminReportPhoto, siteName: string) => {
    if (action !== 'reject') return photoAct.mutate({ action, id: photo.id });
    confirm.ask({
      title: 'Reject Photo',
      description: `Reject this photo of ${siteName}? It never shows on the site, and its image is deleted.`,
      confirmLabel: 'Reject',
      onConfirm: () => photoAct.mutate({ action, id: photo.id }),
    });
  };

  const run = (action: Action, ids: number[]) => {
    if (!ids.length) return;
    const several = ids.length === 1 ? 'this report' : `these ${ids.length} reports`;
    if (action === 'approve') return act.mutate({ action, ids });
    confirm.ask({
      title: action === 'reject' ? 'Reject Reports' : 'Delete Reports',
      description:
        action === 'reject'
          ? `Reject ${several}? They are taken off the site's page and kept under Rejected until deleted.`
          : `Delete ${several}? They are removed for good and cannot be restored.`,
      confirmLabel: action === 'reject' ? 'Reject' : 'Delete',
      onConfirm: () => act.mutate({ action, ids }),
    });
  };
  const toggle = (id: number) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const rows = queue.data ?? [];
  const selected = rows.filter((row) => chosen.has(row.id)).map((row) => row.id);
  const actions: { action: Action; word: string; variant: 'success' | 'outline' | 'quiet-destructive' }[] = [
    ...(status !== 'published' ? [{ action: 'approve' as const, word: 'Approve', variant: 'success' as const }] : []),
    ...(status !== 'rejected' ? [{ action: 'reject' as const, word: 'Reject', variant: 'outline' as const }] : []),
    { action: 'delete', word: 'Delete', variant: 'quiet-destructive' },
  ];

  return (
    <section aria-labelledby="reports-queue-heading" data-testid="reports-queue" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="reports-queue-heading" className="text-xl font-bold text-slate-900">
        Condition reports{queue.data ? ` (${queue.total})` : ''}
      </h2>
      <div role="group" aria-label="Which reports" className="mt-2 flex flex-wrap gap-2">
        {VIEWS.map((view) => (
          <Button
            key={view.status}
            small
            variant={view.status === status ? 'primary' : 'outline'}
            aria-pressed={view.status === status}
            onClick={() => {
              setStatus(view.status);
              setChosen(new Set());
            }}
          >
            {view.label}
          </Button>
        ))}
      </div>
      <QueueRows state={queue} what="reports" empty="No reports here.">
        {(rows) => (
          <>
            <p className="mt-3 flex flex-wrap items-center gap-2">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={selected.length === rows.length}
                  onChange={(event) => setChosen(event.target.checked ? new Set(rows.map((row) => row.id)) : new Set())}
                />
                Choose all shown
              </label>
              {actions.map(({ action, word, variant }) => (
                <Button key={action} small variant={variant} disabled={!selected.length || act.isPending} onClick={() => run(action, selected)}>
                  {word} chosen ({selected.length})
                </Button>
              ))}
            </p>
            <ul className="mt-3 grid gap-3" aria-label="Condition reports">
              {rows.map((report) => (
                <li key={report.id} className="flex gap-3 rounded-lg p-4 ring-1 ring-slate-200">
                  <input
                    type="checkbox"
                    className="mt-1 h-5 w-5"
                    checked={chosen.has(report.id)}
                    onChange={() => toggle(report.id)}
                    aria-label={`Choose the report of ${report.site.name}, ${reportDay(report.date)}`}
                  />
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold text-slate-900">
                      <a href={`/dive-sites/${report.site.id}`} className="text-cyan-700 hover:underline">
                        {report.site.name}
                      </a>
                      : {reportDay(report.date)}
                      {report.time ? `, ${report.time}` : ''}
                    </h3>
                    <p className="mt-1 text-xs text-slate-600">
                      <time dateTime={report.createdAt}>Sent {timeDistance(report.createdAt)} ago</time>
                      {report.name ? ` by ${report.name}` : ''}
                    </p>
                    {facts(report) && <p className="mt-1 text-sm text-slate-900">{facts(report)}</p>}
                    {report.comment && <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{report.comment}</p>}
                    {report.photos.length > 0 && (
                      <ul className="mt-2 flex flex-wrap gap-3" aria-label={`Photos of the report of ${report.site.name}, ${reportDay(report.date)}`}>
                        {report.photos.map((photo, index) => (
                          <li key={photo.id} className="w-48 rounded-lg p-2 ring-1 ring-slate-200" data-testid="report-photo">
                            {photo.src ? (
                              <a href={photo.src} target="_blank" rel="noreferrer">
                                <img src={imageUrl(photo.src, 400)} alt={photo.alt} className="aspect-[4/3] w-full rounded object-cover" />
                              </a>
                            ) : (
                              <div className="flex aspect-[4/3] items-center justify-center rounded bg-slate-100 text-xs text-slate-600">No image</div>
                            )}
                            <p className="mt-1 text-xs text-slate-700">{photo.alt}</p>
                            <p className="mt-1 text-xs font-semibold text-slate-900">{PHOTO_STATUS[photo.status]}</p>
                            <p className="mt-1 flex flex-wrap gap-1">
                              {PHOTO_VERDICTS.filter(({ from }) => from.includes(photo.status)).map(({ action, variant, text }) => (
                                <Button
                                  key={action}
                                  small
                                  variant={variant}
                                  disabled={photoAct.isPending}
                                  onClick={() => runPhoto(action, photo, report.site.name)}
                                  aria-label={`${text} ${index + 1} of the report of ${report.site.name}`}
                                >
                                  {text}
                                </Button>
                              ))}
                              {photo.src && photo.status !== 'rejected' && (
                                <Button small variant="outline" disabled={photoAct.isPending} onClick={() => runPhoto('site-picture', photo, report.site.name)}>
                                  Make this the site&apos;s picture
                                </Button>
                              )}
                            </p>
                          </li>
                        ))}
                      </ul>
                    )}
                    <p className="mt-2 flex flex-wrap gap-2">
                      {actions.map(({ action, word, variant }) => (
                        <Button
                          key={action}
                          small
                          variant={variant}
                          disabled={act.isPending}
                          onClick={() => run(action, [report.id])}
                          aria-label={`${word} the report of ${report.site.name}, ${reportDay(report.date)}`}
                        >
                          {word}
                        </Button>
                      ))}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <MoreRows shown={rows.length} total={queue.total} hasMore={queue.hasMore} loading={queue.loadingMore} onMore={queue.more} />
          </>
        )}
      </QueueRows>
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </section>
  );
}
