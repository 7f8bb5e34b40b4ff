import { useMutation, useQueryClient } from '@tanstack/react-query';
import { correctionLabel, type AdminCorrectionResponse } from 'core/dive-sites/corrections';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { timeDistance } from '../format';
import { keys } from '../query-keys';
import { isUnauthorized } from '../session';
import { dropFromPages, useAdminPages } from '../use-admin-pages';
import { Button } from '../ui/Button';
import { MoreRows } from '../ui/MoreRows';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';

// Under 'admin', so ending the session drops it with the rest of the admin data.
const QUEUE_KEY = ['admin', 'corrections'] as const;

/**
 * Issue 30: visitors' suggested corrections, the longest waiting first. Accept writes the suggestion into
 * the site's field and adds its source to the site's sources; Reject removes it.
 */
export function CorrectionsQueue() {
  const queryClient = useQueryClient();
  const queue = useAdminPages<AdminCorrectionResponse>(QUEUE_KEY, '/api/admin/corrections');
  const confirm = useConfirm();
  const settle = (done: AdminCorrectionResponse, title: string, description: string) => {
    dropFromPages(queryClient, QUEUE_KEY, done.id);
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    void queryClient.invalidateQueries({ queryKey: keys.diveSites });
    toast({ title, description });
  };
  const failed = (error: Error) => {
    // The session gate signs the administrator out.
    if (!isUnauthorized(error)) toast({ title: 'Error', description: 'That did not work. Please try again.', variant: 'destructive' });
  };
  const accept = useMutation({
    mutationFn: (correction: AdminCorrectionResponse) => apiRequest('POST', `/api/admin/corrections/${correction.id}/accept`),
    onSuccess: (_site, done) => settle(done, 'Correction accepted', `${correctionLabel(done.field)} of ${done.site.name} updated, and its source added.`),
    onError: failed,
  });
  const reject = useMutation({
    mutationFn: (correction: AdminCorrectionResponse) => apiRequest('DELETE', `/api/admin/corrections/${correction.id}`),
    onSuccess: (_result, done) => settle(done, 'Correction rejected', `The correction of ${done.site.name} has been removed.`),
    onError: failed,
  });
  const decisions = [
    { word: 'Accept', mutation: accept, variant: 'success' },
    { word: 'Reject', mutation: reject, variant: 'outline' },
  ] as const;
  const busy = (correction: AdminCorrectionResponse) => decisions.some(({ mutation }) => mutation.isPending && mutation.variables?.id === correction.id);

  return (
    <section aria-labelledby="corrections-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="corrections-heading" className="text-xl font-bold text-slate-900">
        Suggested corrections{queue.data ? ` (${queue.total})` : ''}
      </h2>
      {queue.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading corrections...</p>
      ) : queue.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Failed to fetch corrections
        </p>
      ) : !queue.data?.length ? (
        <p className="mt-2 text-sm text-slate-600">No corrections waiting.</p>
      ) : (
        <>
          <ul className="mt-3 grid gap-4" aria-label="Suggested corrections">
            {queue.data.map((correction) => (
              <li key={correction.id} className="rounded-lg p-4 ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">
                  <a href={`/dive-sites/${correction.site.id}`} className="text-cyan-700 hover:underline">
                    {correction.site.name}
                  </a>
                  : {correctionLabel(correction.field)}
                </h3>
                <p className="mt-1 text-xs text-slate-600">
                  <time dateTime={correction.createdAt}>Sent {timeDistance(correction.createdAt)} ago</time>
                  {correction.email ? ` by ${correction.email}` : ''}
                </p>
                <dl className="mt-2 grid gap-2 text-sm">
                  <div>
                    <dt className="font-medium text-slate-700">Now</dt>
                    <dd className="whitespace-pre-line text-slate-600">{correction.site.current || '(empty)'}</dd>
                  </div>
                  <div>
                    <dt className="font-medium text-slate-700">Suggested</dt>
                    <dd className="whitespace-pre-line text-slate-900">{correction.suggestion}</dd>
                  </div>
                  <div>
                    <dt className="font-medium text-slate-700">Source</dt>
                    <dd className="break-all">
                      <a href={correction.sourceUrl} target="_blank" rel="noopener noreferrer nofollow" className="text-cyan-700 underline">
                        {correction.sourceUrl}
                      </a>
                    </dd>
                  </div>
                </dl>
                <p className="mt-3 flex flex-wrap gap-2">
                  {decisions.map(({ word, mutation, variant }) => (
                    <Button
                      key={word}
                      variant={variant}
                      small
                      disabled={busy(correction)}
                      onClick={() =>
                        word === 'Reject'
                          ? // A rejected suggestion is gone for good: asked first, as every delete is.
                            confirm.ask({
                              title: 'Reject Correction',
                              description: `Reject the suggested ${correctionLabel(correction.field).toLowerCase()} of ${correction.site.name}? The suggestion is deleted and cannot be restored.`,
                              confirmLabel: 'Reject',
                              onConfirm: () => mutation.mutate(correction),
                            })
                          : mutation.mutate(correction)
                      }
                      aria-label={`${word} correction of ${correction.site.name}`}
                    >
                      {word}
                    </Button>
                  ))}
                </p>
              </li>
            ))}
          </ul>
          <MoreRows shown={queue.data.length} total={queue.total} hasMore={queue.hasMore} loading={queue.loadingMore} onMore={queue.more} />
        </>
      )}
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </section>
  );
}
