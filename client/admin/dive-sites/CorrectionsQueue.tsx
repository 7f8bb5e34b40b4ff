import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { correctionLabel, type AdminCorrectionResponse } from 'core/dive-sites/corrections';
import { ApiError, apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { timeDistance } from '../format';
import { keys } from '../query-keys';
import { isUnauthorized } from '../session';
import { dropFromPages, useAdminPages } from '../use-admin-pages';
import { serverFieldErrors, useFormErrors } from '../ui/field-errors';
import { MarkedForm } from '../ui/MarkedForm';
import { Button } from '../ui/Button';
import { QueueRows } from '../ui/QueueRows';
import { MoreRows } from '../ui/MoreRows';
import { TextAreaField, TextField } from '../ui/Field';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';

// Under 'admin', so ending the session drops it with the rest of the admin data.
const QUEUE_KEY = ['admin', 'corrections'] as const;

/** What stops an accepted correction's save, under its field. */
const ACCEPT_TEXT = {
  value: 'Enter the value as it will read on the site.',
  sourceUrl: 'Give the source as a web address (https://...).',
};

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
  // Issue 44: Accept opens the site's field in an editor, the reader's proposal beside the present value; what
  // is saved is the administrator's value, with its source, kept as a change that 'Undo' reverses.
  const [editing, setEditing] = useState<{ id: number; value: string; sourceUrl: string } | null>(null);
  const [accepted, setAccepted] = useState<{ revisionId: number; siteName: string; label: string; value: string }[]>([]);
  // Issue 44: an empty value or a source that is no web address is marked at its field, before or after sending.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const acceptProblems = editing
    ? {
        ...(!editing.value.trim() && { value: ACCEPT_TEXT.value }),
        ...(!/^https?:\/\/\S+$/i.test(editing.sourceUrl.trim()) && { sourceUrl: ACCEPT_TEXT.sourceUrl }),
      }
    : {};
  const acceptMarks = useFormErrors({ ...refused, ...acceptProblems });
  const openEditor = (next: { id: number; value: string; sourceUrl: string } | null) => {
    setRefused({});
    acceptMarks.clear();
    setEditing(next);
  };
  const accept = useMutation({
    mutationFn: ({ correction, value, sourceUrl }: { correction: AdminCorrectionResponse; value: string; sourceUrl: string }) =>
      apiRequest<{ revisionId: number }>('POST', `/api/admin/corrections/${correction.id}/accept`, { value, sourceUrl }),
    onSuccess: (saved, { correction: done, value }) => {
      openEditor(null);
      setAccepted((list) => [{ revisionId: saved.revisionId, siteName: done.site.name, label: correctionLabel(done.field), value }, ...list]);
      settle(done, 'Correction accepted', `${correctionLabel(done.field)} of ${done.site.name} updated, and its source added.`);
    },
    onError: (error: Error) => {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length === 0) return failed(error);
      // The server's field names, in the administrator's words.
      setRefused(Object.fromEntries(Object.keys(fields).map((field) => [field, ACCEPT_TEXT[field as keyof typeof ACCEPT_TEXT] ?? fields[field]])));
      acceptMarks.mark();
    },
  });
  const undo = useMutation({
    mutationFn: (change: { revisionId: number }) => apiRequest('POST', `/api/admin/site-field-revisions/${change.revisionId}/undo`),
    onSuccess: (_site, change) => {
      setAccepted((list) => list.filter((item) => item.revisionId !== change.revisionId));
      void queryClient.invalidateQueries({ queryKey: keys.diveSites });
      toast({ title: 'Change undone', description: 'The field is back to its value before the correction.' });
    },
    onError: (error: Error) => {
      if (!isUnauthorized(error))
        toast({
          title: 'Error',
          description: (error instanceof ApiError && error.serverMessage) || 'That did not work. Please try again.',
          variant: 'destructive',
        });
    },
  });
  const reject = useMutation({
    mutationFn: (correction: AdminCorrectionResponse) => apiRequest('DELETE', `/api/admin/corrections/${correction.id}`),
    onSuccess: (_result, done) => settle(done, 'Correction rejected', `The correction of ${done.site.name} has been removed.`),
    onError: failed,
  });
  const busy = (correction: AdminCorrectionResponse) =>
    (accept.isPending && accept.variables?.correction.id === correction.id) || (reject.isPending && reject.variables?.id === correction.id);

  return (
    <section aria-labelledby="corrections-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="corrections-heading" className="text-xl font-bold text-slate-900">
        Suggested corrections{queue.data ? ` (${queue.total})` : ''}
      </h2>
      {accepted.length > 0 && (
        <ul aria-label="Accepted corrections" className="mt-3 grid gap-2">
          {accepted.map((change) => (
            <li key={change.revisionId} className="flex flex-wrap items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm ring-1 ring-emerald-200">
              <span>
                {change.label} of {change.siteName} now reads: <q>{change.value}</q>
              </span>
              <Button
                variant="outline"
                small
                disabled={undo.isPending}
                onClick={() => undo.mutate(change)}
                aria-label={`Undo the ${change.label.toLowerCase()} of ${change.siteName}`}
              >
                Undo
              </Button>
            </li>
          ))}
        </ul>
      )}
      <QueueRows state={queue} what="corrections" empty="No corrections waiting.">
        {(corrections) => (
          <>
            <ul className="mt-3 grid gap-4" aria-label="Suggested corrections">
              {corrections.map((correction) => (
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
                  {editing?.id === correction.id ? (
                    <MarkedForm
                      errors={acceptMarks.errors}
                      formRef={acceptMarks.ref}
                      className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3"
                      label={`Accept correction of ${correction.site.name}`}
                      onSubmit={() => {
                        setRefused({});
                        if (Object.keys(acceptProblems).length > 0) return acceptMarks.mark();
                        accept.mutate({ correction, value: editing.value, sourceUrl: editing.sourceUrl.trim() });
                      }}
                    >
                      <TextAreaField
                        label={`${correctionLabel(correction.field)} as it will read`}
                        name="value"
                        rows={3}
                        required
                        value={editing.value}
                        onChange={(event) => setEditing({ ...editing, value: event.target.value })}
                        hint="Edit the present value with what the source supports; the reader's words are not pasted in unless you choose them."
                      />
                      <TextField
                        label="Source"
                        name="sourceUrl"
                        type="url"
                        required
                        value={editing.sourceUrl}
                        onChange={(event) => setEditing({ ...editing, sourceUrl: event.target.value })}
                      />
                      <p className="flex flex-wrap gap-2">
                        <Button type="submit" small disabled={busy(correction) || editing.value === (correction.site.current ?? '')}>
                          Save change
                        </Button>
                        <Button variant="outline" small onClick={() => setEditing({ ...editing, value: correction.suggestion })}>
                          Use the reader&apos;s wording
                        </Button>
                        <Button variant="ghost" small onClick={() => openEditor(null)}>
                          Cancel
                        </Button>
                      </p>
                    </MarkedForm>
                  ) : (
                    <p className="mt-3 flex flex-wrap gap-2">
                      <Button
                        variant="success"
                        small
                        disabled={busy(correction)}
                        onClick={() => openEditor({ id: correction.id, value: correction.site.current ?? '', sourceUrl: correction.sourceUrl })}
                        aria-label={`Accept correction of ${correction.site.name}`}
                      >
                        Accept
                      </Button>
                      <Button
                        variant="outline"
                        small
                        disabled={busy(correction)}
                        aria-label={`Reject correction of ${correction.site.name}`}
                        onClick={() =>
                          // A rejected suggestion is gone for good: asked first, as every delete is.
                          confirm.ask({
                            title: 'Reject Correction',
                            description: `Reject the suggested ${correctionLabel(correction.field).toLowerCase()} of ${correction.site.name}? The suggestion is deleted and cannot be restored.`,
                            confirmLabel: 'Reject',
                            onConfirm: () => reject.mutate(correction),
                          })
                        }
                      >
                        Reject
                      </Button>
                    </p>
                  )}
                </li>
              ))}
            </ul>
            <MoreRows shown={corrections.length} total={queue.total} hasMore={queue.hasMore} loading={queue.loadingMore} onMore={queue.more} />
          </>
        )}
      </QueueRows>
      <ConfirmDialog request={confirm.request} onClose={confirm.close} />
    </section>
  );
}
