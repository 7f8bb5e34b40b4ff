import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDateTimeIn, fromZonedInput, toZonedInput } from 'core/site-time';
import { apiRequest, getJson, getPage } from '../../lib/api';
import { reportFailure, reportSuccess } from '../feedback';
import { useSiteTimeZone } from '../site-time';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { TextAreaField, TextField } from '../ui/Field';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useConfirm } from '../ui/useConfirm';
import { keys } from '../query-keys';
import { IssueFigures, type IssueFiguresData } from './IssueFigures';
import { FieldErrors, useFormErrors } from '../ui/field-errors';
import { bindText } from '../ui/field-binding';

interface PostRef {
  type: 'article' | 'review';
  id: number;
}

interface PostCard extends PostRef {
  title: string;
  excerpt: string;
  url: string;
  imageUrl: string | null;
}

export interface Issue {
  id: number;
  subject: string;
  preheader: string;
  intro: string;
  posts: PostRef[];
  slug: string;
  status: 'draft' | 'scheduled' | 'sending' | 'sent';
  scheduledAt: string | null;
  sentAt: string | null;
  archiveUrl: string | null;
}

interface IssueReport extends Issue {
  counts: { queued: number; sent: number; failed: number; skipped: number; unsubscribedSince: number };
  failures: { email: string; error: string | null }[];
  figures: IssueFiguresData;
}

export const BASE = '/api/admin/newsletter/issues';
export const issuesKey = ['admin', 'newsletter-issues'] as const;
const postKey = (post: PostRef) => `${post.type}-${post.id}`;

/**
 * 'Send Now' (issue 44) asks 'Send "{subject}" to {n} subscribers now?'; the server then starts the send
 * NEWSLETTER_SEND_DELAY_SECONDS later, a scheduled start. A send due within this many seconds shows a
 * countdown with 'Cancel send' (the schedule is cleared and the issue is a draft again).
 */
const UNDO_WINDOW_SECONDS = 120;

/** Seconds until `at`, counted down once a second while it is ahead; null when there is no time. */
function useSecondsUntil(at: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!at) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at ? Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000)) : null;
}

export function IssueEditor({ id, onClose, onCreated }: { id: number | null; onClose: () => void; onCreated: (id: number) => void }) {
  const queryClient = useQueryClient();
  const zone = useSiteTimeZone();
  const report = useQuery({
    queryKey: [...issuesKey, id],
    queryFn: () => getJson<IssueReport>(`${BASE}/${id}`),
    enabled: id !== null,
    // While it sends, the counts are read again every second: the progress bar moves without a reload.
    // A send due within a minute is watched too, so that the editor sees it start.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.status === 'sending') return 1000;
      if (data?.status === 'scheduled' && data.scheduledAt && new Date(data.scheduledAt).getTime() - Date.now() < 60_000) return 2000;
      return false;
    },
  });
  const latest = useQuery({ queryKey: [...issuesKey, 'posts'], queryFn: () => getJson<PostCard[]>(`${BASE}/posts`) });
  const issue = report.data;
  const [draft, setDraft] = useState<{ subject: string; preheader: string; intro: string; posts: PostRef[] | null; scheduleAt: string } | null>(null);
  const values = draft ?? {
    subject: issue?.subject ?? '',
    preheader: issue?.preheader ?? '',
    intro: issue?.intro ?? '',
    posts: issue?.posts ?? null,
    scheduleAt: toZonedInput(issue?.scheduledAt ?? null, zone),
  };
  const change = (patch: Partial<typeof values>) => setDraft({ ...values, ...patch });
  const [testTo, setTestTo] = useState('');
  const [preview, setPreview] = useState<{ html: string; text: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: issuesKey });
  const editable = !issue || issue.status === 'draft' || issue.status === 'scheduled';
  const chosen = values.posts ?? (latest.data ?? []).slice(0, 4).map(({ type, id: postId }) => ({ type, id: postId }));

  const save = useMutation({
    mutationFn: (schedule: 'keep' | 'set' | 'clear') => {
      const body: Record<string, unknown> = { subject: values.subject, preheader: values.preheader, intro: values.intro, posts: chosen };
      if (schedule === 'set') body.scheduledAt = fromZonedInput(values.scheduleAt, zone)?.toISOString() ?? values.scheduleAt;
      if (schedule === 'clear') body.scheduledAt = null;
      return id === null ? apiRequest<Issue>('POST', BASE, body) : apiRequest<Issue>('PATCH', `${BASE}/${id}`, body);
    },
    onSuccess: (saved, schedule) => {
      refresh();
      setDraft(null);
      reportSuccess(
        schedule === 'set' ? 'Issue Scheduled' : 'Draft Saved',
        schedule === 'set' ? `It will be sent ${formatDateTimeIn(saved.scheduledAt!, zone)}.` : undefined,
      );
      if (id === null) onCreated(saved.id);
    },
    onError: (error) => reportFailure(error, id === null ? 'Creation Failed' : 'Update Failed', 'Failed to save the issue. Please try again.'),
  });
  const showPreview = useMutation({
    mutationFn: () => getJson<{ html: string; text: string }>(`${BASE}/${id}/preview`),
    onSuccess: setPreview,
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to preview the issue. Please try again.'),
  });
  const sendTest = useMutation({
    mutationFn: () => apiRequest<{ to: string; sent: boolean }>('POST', `${BASE}/${id}/test`, testTo.trim() ? { email: testTo.trim() } : {}),
    onSuccess: (result) =>
      reportSuccess('Test Sent', result.sent ? `A test copy went to ${result.to}.` : `A test copy to ${result.to} was kept in the outbox.`),
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to send the test. Please try again.'),
  });
  const confirm = useConfirm();
  // How many would get it: the subscribers' list answers the active count (X-Active-Count) with one row.
  const recipients = useQuery({
    queryKey: [...keys.subscribers, 'active-count'],
    queryFn: async () => Number((await getPage<unknown>('/api/newsletter/subscribers?limit=1')).headers.get('X-Active-Count') ?? 0),
    enabled: id !== null,
  });
  const sendNow = useMutation({
    // Saved as written first (unsaved edits go with it), then started: the server answers when it starts.
    mutationFn: async () => {
      await apiRequest<Issue>('PATCH', `${BASE}/${id}`, { subject: values.subject, preheader: values.preheader, intro: values.intro, posts: chosen });
      return apiRequest<Issue>('POST', `${BASE}/${id}/send`);
    },
    onSuccess: (started) => {
      refresh();
      setDraft(null);
      if (started.status === 'scheduled' && started.scheduledAt) {
        const seconds = Math.max(1, Math.round((new Date(started.scheduledAt).getTime() - Date.now()) / 1000));
        reportSuccess('Sending Soon', `It starts in ${seconds} seconds: 'Cancel send' stops it until then.`);
      } else reportSuccess('Sending Started', 'Every subscriber will get the issue; the progress shows here.');
    },
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to start sending. Please try again.'),
  });
  const cancelSend = useMutation({
    mutationFn: () => apiRequest<Issue>('PATCH', `${BASE}/${id}`, { scheduledAt: null }),
    onSuccess: () => {
      refresh();
      reportSuccess('Send Cancelled', 'Nothing was sent: the issue is a draft again.');
    },
    onError: (error) => reportFailure(error, 'Update Failed', 'Failed to cancel the send. It may have started already.'),
  });
  const askSend = () => {
    const count = recipients.data;
    const people = count === undefined ? 'every subscriber' : count === 1 ? '1 subscriber' : `${count} subscribers`;
    confirm.ask({
      title: `Send \u201c${values.subject.trim()}\u201d to ${people} now?`,
      description: 'For a short while after you confirm you can still cancel it here; once it starts, it cannot be called back.',
      confirmLabel: 'Send',
      tone: 'primary',
      onConfirm: () => sendNow.mutate(),
    });
  };
  // A send that starts within the undo window: counted down, with the way to stop it.
  const startsIn = useSecondsUntil(issue?.status === 'scheduled' ? issue.scheduledAt : null);
  const undoable = startsIn !== null && startsIn <= UNDO_WINDOW_SECONDS;
  // The list beside the editor follows the issue's status (a send that started or ended), without a reload.
  const status = issue?.status;
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: issuesKey, exact: true });
  }, [status, queryClient]);

  // Issue 44: a save without a subject (or a schedule without a time) marks the field and moves focus to it.
  const [scheduling, setScheduling] = useState(false);
  const fields = useFormErrors<HTMLDivElement>({
    ...(!values.subject.trim() && { subject: 'Subject is required.' }),
    ...(scheduling && !values.scheduleAt && { scheduleAt: 'Choose when to send it.' }),
  });
  const saveIf = (schedule: boolean, run: () => void) => () => {
    setScheduling(schedule);
    if (!values.subject.trim() || (schedule && !values.scheduleAt)) {
      fields.mark();
      return;
    }
    fields.clear();
    run();
  };

  const counts = issue && (issue.status === 'sending' || issue.status === 'sent') ? report.data?.counts : null;
  const total = counts ? counts.queued + counts.sent + counts.failed + counts.skipped : 0;
  const done = counts ? total - counts.queued : 0;
  const toggle = (post: PostRef) =>
    change({ posts: chosen.some((p) => postKey(p) === postKey(post)) ? chosen.filter((p) => postKey(p) !== postKey(post)) : [...chosen, post] });

  return (
    <Card>
      <CardHeader
        title={id === null ? 'New Issue' : values.subject || 'Issue'}
        description={
          issue
            ? `Status: ${issue.status}${issue.scheduledAt ? `, scheduled for ${formatDateTimeIn(issue.scheduledAt, zone)}` : ''}`
            : 'A draft until you send or schedule it.'
        }
        actions={
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        }
      />
      <CardContent className="grid gap-4">
        {undoable && (
          <section role="status" aria-label="Send starting" className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
            <p className="text-sm font-medium text-amber-950">
              {startsIn! > 0 ? `Sending \u201c${issue!.subject}\u201d in ${startsIn} s.` : `Sending \u201c${issue!.subject}\u201d now...`}
            </p>
            <Button variant="outline" small onClick={() => cancelSend.mutate()} disabled={cancelSend.isPending || startsIn === 0}>
              Cancel send
            </Button>
          </section>
        )}
        {counts && (
          <section aria-label="Sending progress" className="grid gap-2">
            <progress className="h-3 w-full" max={total || 1} value={done} aria-label="Sent so far" />
            <p className="text-sm text-slate-700" data-testid="issue-counts">
              Sent {counts.sent} · Failed {counts.failed} · Pending {counts.queued} · Skipped (unsubscribed) {counts.skipped} · Unsubscribed since{' '}
              {counts.unsubscribedSince}
            </p>
            {report.data!.failures.length > 0 && (
              <ul className="text-xs text-red-700">
                {report.data!.failures.map((failure) => (
                  <li key={failure.email}>
                    {failure.email}: {failure.error}
                  </li>
                ))}
              </ul>
            )}
            {issue?.status === 'sent' && <IssueFigures figures={report.data!.figures} />}
            {issue?.status === 'sent' && (
              <a href={`/newsletter/issues/${issue.slug}`} className="text-sm font-semibold text-cyan-700 underline">
                Read it in the web archive
              </a>
            )}
          </section>
        )}
        {editable && (
          <FieldErrors.Provider value={fields.errors}>
            <div ref={fields.ref} className="grid gap-4">
              <TextField
                label="Subject"
                name="subject"
                required
                value={values.subject}
                maxLength={200}
                onChange={(event) => change({ subject: event.target.value })}
              />
              <TextField
                label="Preheader"
                value={values.preheader}
                maxLength={300}
                hint="The line mail programs show after the subject."
                onChange={(event) => change({ preheader: event.target.value })}
              />
              <TextAreaField
                label="Intro"
                rows={5}
                value={values.intro}
                hint="Markdown, as in the posts."
                onChange={(event) => change({ intro: event.target.value })}
              />
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Posts (latest first)</legend>
                <ul className="mt-2 grid gap-3 sm:grid-cols-2">
                  {(latest.data ?? []).map((post) => (
                    <li key={postKey(post)} className="flex gap-3 rounded-lg p-3 ring-1 ring-slate-200">
                      <input
                        type="checkbox"
                        aria-label={`Include ${post.title}`}
                        checked={chosen.some((p) => postKey(p) === postKey(post))}
                        onChange={() => toggle({ type: post.type, id: post.id })}
                      />
                      {post.imageUrl && <img src={post.imageUrl} alt="" className="h-16 w-20 rounded object-cover" />}
                      <div className="min-w-0">
                        <a href={post.url} className="font-medium text-slate-900 underline" target="_blank" rel="noreferrer">
                          {post.title}
                        </a>
                        <p className="line-clamp-2 text-xs text-slate-600">{post.excerpt}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <div className="flex flex-wrap items-end gap-3">
                <Button onClick={saveIf(false, () => save.mutate('keep'))} disabled={save.isPending}>
                  Save Draft
                </Button>
                <TextField
                  label="Send at"
                  name="scheduleAt"
                  type="datetime-local"
                  value={values.scheduleAt}
                  hint={`In ${zone} time.`}
                  onChange={(event) => change({ scheduleAt: event.target.value })}
                />
                <Button variant="outline" onClick={saveIf(true, () => save.mutate('set'))} disabled={save.isPending}>
                  Schedule
                </Button>
                {issue?.status === 'scheduled' && (
                  <Button variant="ghost" onClick={() => save.mutate('clear')} disabled={save.isPending}>
                    Unschedule
                  </Button>
                )}
              </div>
            </div>
          </FieldErrors.Provider>
        )}
        {id !== null && (
          <div className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
            <Button variant="outline" onClick={() => showPreview.mutate()} disabled={showPreview.isPending}>
              Preview
            </Button>
            <TextField label="Test address" type="email" placeholder="The site's contact address when empty" {...bindText(testTo, setTestTo)} />
            <Button variant="outline" onClick={() => sendTest.mutate()} disabled={sendTest.isPending}>
              Send a Test
            </Button>
            {editable && !undoable && (
              <Button variant="success" onClick={saveIf(false, askSend)} disabled={sendNow.isPending}>
                Send Now
              </Button>
            )}
          </div>
        )}
        {preview && (
          <section aria-label="Email preview" className="grid gap-3 lg:grid-cols-2">
            <iframe title="HTML preview" srcDoc={preview.html} sandbox="" className="h-[32rem] w-full rounded-lg ring-1 ring-slate-200" />
            <pre className="h-[32rem] overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs ring-1 ring-slate-200" aria-label="Text preview">
              {preview.text}
            </pre>
          </section>
        )}
        <ConfirmDialog request={confirm.request} onClose={confirm.close} />
      </CardContent>
    </Card>
  );
}
