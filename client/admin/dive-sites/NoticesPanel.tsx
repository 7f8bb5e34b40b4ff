import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DiveSiteResponse } from 'core/api/dive-sites';
import { dayIn, NOTICE_TEXT, type AdminNotice } from 'core/dive-sites/provenance';
import { apiRequest, getJson } from '../../lib/api';
import { toast } from '../../lib/toast';
import { keys } from '../query-keys';
import { MarkedForm } from '../ui/MarkedForm';
import { isUnauthorized } from '../session';
import { useSiteTimeZone } from '../site-time';
import { Button } from '../ui/Button';
import { QueueRows } from '../ui/QueueRows';
import { TextAreaField, TextField } from '../ui/Field';
import { Modal } from '../ui/Modal';
import { SearchField, useSearchText } from '../ui/SearchField';
import { CHECK_QUEUE_KEY } from './CheckQueue';
import { CheckedFormFoot, problemText, useCheckedForm } from './checked-form';
import { bindText } from '../ui/field-binding';

// Under 'admin', so ending the session drops it with the rest of the admin data.
const NOTICES_KEY = ['admin', 'notices'] as const;

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Issue 43: dated notices with a source, each covering any number of sites (an algal bloom, a bleaching, an
 * earthquake). A notice shows on its sites' pages, cards and map popups, and their region's page, while in
 * force. Add, edit, end.
 */
export function NoticesPanel() {
  const queryClient = useQueryClient();
  const notices = useQuery({ queryKey: NOTICES_KEY, queryFn: ({ signal }) => getJson<AdminNotice[]>('/api/admin/notices', signal) });
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const today = dayIn(new Date(), useSiteTimeZone());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: NOTICES_KEY });
    void queryClient.invalidateQueries({ queryKey: CHECK_QUEUE_KEY });
  };
  const end = useMutation({
    mutationFn: (notice: AdminNotice) => apiRequest<{ notice: AdminNotice | null }>('POST', `/api/admin/notices/${notice.id}/end`),
    onSuccess: (_result, notice) => {
      refresh();
      toast({ title: 'Notice ended', description: `'${notice.title}' no longer shows on its sites.` });
    },
    onError: (error: Error) => {
      if (!isUnauthorized(error)) toast({ title: 'Error', description: problemText(error), variant: 'destructive' });
    },
  });
  return (
    <section aria-labelledby="notices-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notices-heading" className="text-xl font-bold text-slate-900">
          Notices{notices.data ? ` (${notices.data.filter((notice) => notice.inForce).length} in force)` : ''}
        </h2>
        <Button small onClick={() => setEditing('new')}>
          Add notice
        </Button>
      </div>
      <QueueRows state={notices} what="notices" empty="No notices.">
        {(list) => (
          <ul className="mt-3 grid gap-3" aria-label="Notices">
            {list.map((notice) => (
              <li key={notice.id} className="rounded-lg p-3 ring-1 ring-slate-200" data-testid="admin-notice">
                <h3 className="font-semibold text-slate-900">{notice.title}</h3>
                <p className="text-sm text-slate-700">
                  {notice.inForce ? 'In force' : notice.startsOn > today ? 'Not yet in force' : 'Ended'} · from {longDay(notice.startsOn)}
                  {notice.endsOn ? ` to ${longDay(notice.endsOn)}` : ', no end set'} ·{' '}
                  <a href={notice.source.url} target="_blank" rel="noopener noreferrer" className="text-cyan-800 underline">
                    {notice.source.title}
                  </a>
                </p>
                <p className="mt-1 text-sm text-slate-600">Covers {notice.sites.map((site) => site.name).join(', ')}</p>
                <p className="mt-2 flex flex-wrap gap-2">
                  <Button small variant="outline" onClick={() => setEditing(notice)} aria-label={`Edit notice ${notice.title}`}>
                    Edit
                  </Button>
                  {(notice.inForce || notice.startsOn > today) && (
                    <Button
                      small
                      variant="outline"
                      disabled={end.isPending && end.variables?.id === notice.id}
                      onClick={() => end.mutate(notice)}
                      aria-label={`End notice ${notice.title}`}
                    >
                      End
                    </Button>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueueRows>
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'Add notice' : 'Edit notice'}
        description="A dated notice with its source, shown on the pages of the sites it covers while it is in force."
      >
        {editing !== null && (
          <NoticeForm
            key={editing === 'new' ? 'new' : editing.id}
            notice={editing === 'new' ? null : editing}
            onDone={() => {
              setEditing(null);
              refresh();
            }}
          />
        )}
      </Modal>
    </section>
  );
}

function NoticeForm({ notice, onDone }: { notice: AdminNotice | null; onDone: () => void }) {
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(notice?.body ?? '');
  const [startsOn, setStartsOn] = useState(notice?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(notice?.endsOn ?? '');
  const [sourceTitle, setSourceTitle] = useState(notice?.source.title ?? '');
  const [sourceUrl, setSourceUrl] = useState(notice?.source.url ?? '');
  const [sites, setSites] = useState<{ id: number; name: string }[]>(notice?.sites ?? []);
  const { problem, marks, refused, submit } = useCheckedForm({
    ...(!title.trim() && { title: NOTICE_TEXT.titleRequired }),
    ...(!body.trim() && { body: NOTICE_TEXT.bodyRequired }),
    ...(!startsOn && { startsOn: NOTICE_TEXT.startsOn }),
    ...(!sourceTitle.trim() && { sourceTitle: NOTICE_TEXT.sourceTitle }),
    ...(!sourceUrl.trim() && { sourceUrl: NOTICE_TEXT.sourceUrl }),
  });
  const { text, setText, search } = useSearchText();
  const found = useQuery({
    queryKey: [...keys.diveSites, 'notice-search', search],
    queryFn: ({ signal }) => getJson<DiveSiteResponse[]>(`/api/dive-sites?q=${encodeURIComponent(search)}&limit=8`, signal),
    enabled: search !== '',
  });
  const save = useMutation({
    mutationFn: () =>
      apiRequest<AdminNotice>(notice ? 'PUT' : 'POST', notice ? `/api/admin/notices/${notice.id}` : '/api/admin/notices', {
        title,
        body,
        startsOn,
        endsOn: endsOn || null,
        sourceTitle,
        sourceUrl,
        siteIds: sites.map((site) => site.id),
      }),
    onSuccess: (saved) => {
      toast({ title: notice ? 'Notice updated' : 'Notice added', description: `'${saved.title}' covers ${saved.sites.length} sites.` });
      onDone();
    },
    onError: refused,
  });
  const chosen = new Set(sites.map((site) => site.id));
  return (
    <MarkedForm errors={marks.errors} formRef={marks.ref} className="grid gap-4" onSubmit={submit(() => save.mutate())}>
      <TextField label="Title" name="title" required {...bindText(title, setTitle)} maxLength={200} />
      <TextAreaField label="Body" name="body" required {...bindText(body, setBody)} rows={4} maxLength={5000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Starts on" name="startsOn" type="date" required {...bindText(startsOn, setStartsOn)} />
        <TextField label="Ends on" name="endsOn" type="date" {...bindText(endsOn, setEndsOn)} hint="Leave empty while it lasts." />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Source title" name="sourceTitle" required {...bindText(sourceTitle, setSourceTitle)} maxLength={200} />
        <TextField label="Source address" name="sourceUrl" type="url" required {...bindText(sourceUrl, setSourceUrl)} placeholder="https://..." />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Dive sites covered ({sites.length})</legend>
        <ul className="mt-1 flex flex-wrap gap-2" aria-label="Dive sites covered">
          {sites.map((site) => (
            <li key={site.id}>
              <Button
                small
                variant="outline"
                onClick={() => setSites((current) => current.filter((other) => other.id !== site.id))}
                aria-label={`Remove ${site.name}`}
              >
                {site.name} <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
        <SearchField label="Find a dive site to add" placeholder="Search by name or region..." value={text} onChange={setText} className="mt-1" />
        {search !== '' && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Dive sites found">
            {(found.data ?? [])
              .filter((site) => !chosen.has(site.id))
              .map((site) => (
                <li key={site.id}>
                  <Button
                    small
                    variant="ghost"
                    onClick={() => setSites((current) => [...current, { id: site.id, name: site.name }])}
                    aria-label={`Add ${site.name}`}
                  >
                    <span aria-hidden="true">+</span> {site.name}
                  </Button>
                </li>
              ))}
          </ul>
        )}
      </fieldset>
      <CheckedFormFoot problem={problem} saving={save.isPending} label={notice ? 'Update notice' : 'Add notice'} />
    </MarkedForm>
  );
}
