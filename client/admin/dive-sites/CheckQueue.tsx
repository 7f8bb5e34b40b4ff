import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CHECK_FIELDS, CHECK_TEXT, CHECKER_LABELS, checkFieldLabel, dayIn, type CheckQueueRow, type SiteCheck } from 'core/dive-sites/provenance';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { keys } from '../query-keys';
import { useSiteTimeZone } from '../site-time';
import { useAdminPages } from '../use-admin-pages';
import { MarkedForm } from '../ui/MarkedForm';
import { Button } from '../ui/Button';
import { CheckboxField, TextAreaField, TextField } from '../ui/Field';
import { Modal } from '../ui/Modal';
import { MoreRows } from '../ui/MoreRows';
import { parseSources } from './site-form';
import { CheckedFormFoot, useCheckedForm } from './checked-form';
import { bindText } from '../ui/field-binding';

// Under 'admin', so ending the session drops it with the rest of the admin data.
export const CHECK_QUEUE_KEY = ['admin', 'site-checks'] as const;

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Issue 43: 'Needs checking', the sites never checked first, then the oldest checks (sites with notices in
 * force or readers' corrections waiting first among equals). 'Mark checked' records the day, what was
 * checked and the sources it was checked against.
 */
export function CheckQueue() {
  const queryClient = useQueryClient();
  const queue = useAdminPages<CheckQueueRow>(CHECK_QUEUE_KEY, '/api/admin/dive-site-checks');
  const [marking, setMarking] = useState<CheckQueueRow['site'] | null>(null);
  return (
    <section aria-labelledby="check-queue-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="check-queue-heading" className="text-xl font-bold text-slate-900">
        Needs checking{queue.data ? ` (${queue.total} sites)` : ''}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Sites never checked first, then the oldest checks. A site&apos;s page shows only its newest recorded check.</p>
      {queue.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading the sites to check...</p>
      ) : queue.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Failed to fetch the sites to check
        </p>
      ) : (
        <>
          <ol className="mt-3 grid gap-2" aria-label="Sites to check">
            {queue.data?.map((row) => (
              <li key={row.site.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg p-3 ring-1 ring-slate-200" data-testid="check-row">
                <div>
                  <a href={`/dive-sites/${row.site.id}`} className="font-semibold text-cyan-800 hover:underline">
                    {row.site.name}
                  </a>
                  <span className="text-sm text-slate-600"> · {row.site.region}</span>
                  <p className="text-sm text-slate-700">
                    {row.lastCheck
                      ? `Checked ${longDay(row.lastCheck.checkedOn)} by ${CHECKER_LABELS[row.lastCheck.by]} (${row.lastCheck.fields.map(checkFieldLabel).join(', ').toLowerCase()})`
                      : 'Never checked'}
                    {row.notices > 0 && ` · ${row.notices} ${row.notices === 1 ? 'notice' : 'notices'} in force`}
                    {row.corrections > 0 && ` · ${row.corrections} ${row.corrections === 1 ? 'correction' : 'corrections'} waiting`}
                  </p>
                </div>
                <Button small variant="outline" onClick={() => setMarking(row.site)} aria-label={`Mark checked: ${row.site.name}`}>
                  Mark checked
                </Button>
              </li>
            ))}
          </ol>
          <MoreRows shown={queue.data?.length ?? 0} total={queue.total} hasMore={queue.hasMore} loading={queue.loadingMore} onMore={queue.more} />
        </>
      )}
      <Modal
        open={!!marking}
        onOpenChange={(open) => !open && setMarking(null)}
        title={marking ? `Mark ${marking.name} checked` : 'Mark checked'}
        description="The day, what you checked and the published sources you checked it against."
      >
        {marking && (
          <MarkCheckedForm
            site={marking}
            onDone={() => {
              setMarking(null);
              void queryClient.invalidateQueries({ queryKey: CHECK_QUEUE_KEY });
              void queryClient.invalidateQueries({ queryKey: keys.diveSites });
            }}
          />
        )}
      </Modal>
    </section>
  );
}

function MarkCheckedForm({ site, onDone }: { site: CheckQueueRow['site']; onDone: () => void }) {
  const zone = useSiteTimeZone();
  const [checkedOn, setCheckedOn] = useState(() => dayIn(new Date(), zone));
  const [fields, setFields] = useState<string[]>([]);
  const [sources, setSources] = useState('');
  const { problem, marks, refused, submit } = useCheckedForm({
    ...(!checkedOn && { checkedOn: CHECK_TEXT.checkedOn }),
    ...(!sources.trim() && { sources: CHECK_TEXT.sources }),
  });
  const mark = useMutation({
    mutationFn: () => apiRequest<SiteCheck>('POST', `/api/admin/dive-sites/${site.id}/checks`, { checkedOn, fields, sources: parseSources(sources) }),
    onSuccess: () => {
      toast({ title: 'Marked checked', description: `${site.name}: checked ${longDay(checkedOn)}.` });
      onDone();
    },
    onError: refused,
  });
  return (
    <MarkedForm errors={marks.errors} formRef={marks.ref} className="grid gap-4" onSubmit={submit(() => mark.mutate())}>
      <TextField label="Checked on" name="checkedOn" type="date" required {...bindText(checkedOn, setCheckedOn)} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">What was checked</legend>
        <div className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-3">
          {CHECK_FIELDS.map(({ field, label }) => (
            <CheckboxField
              key={field}
              label={label}
              checked={fields.includes(field)}
              onChange={(on) => setFields((current) => (on ? [...current, field] : current.filter((other) => other !== field)))}
            />
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label="Sources"
        name="sources"
        required
        {...bindText(sources, setSources)}
        rows={3}
        hint="One a line: the address, or 'Title | address'."
      />
      <CheckedFormFoot problem={problem} saving={mark.isPending} label="Record check" />
    </MarkedForm>
  );
}
