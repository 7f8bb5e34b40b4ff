import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FORM_ACTIONS, outcomeFor, type FormOutcome } from 'core/form-outcome';
import {
  CURRENTS,
  photoDay,
  REPORT_COMMENT_MAX,
  REPORT_NAME_MAX,
  REPORT_PHOTO_ACCEPT,
  REPORT_PHOTO_ALT_MAX,
  REPORT_PHOTO_MAX_BYTES,
  REPORT_PHOTO_TEXT,
  REPORT_PHOTOS_MAX,
  REPORT_TEXT,
  SURGES,
  VISIBILITY_MAX,
  WATER_TEMPERATURE_MAX,
  type ReportCreated,
} from 'core/reports';
import { FormNoticeBox } from '../lib/form-notice';
import { fieldsOf400, PublicFormField as Field, SendButton } from '../lib/public-form-field';
import { ApiError } from '../lib/api';
import { keepPhotos } from './dive-sites/report-photo-store';
import { newReportKey, queuedReports, sendReport, setQueuedReports, type QueuedReport } from './dive-sites/report-queue';

export interface SiteReportFormProps {
  site: { id: number; name: string };
  /** Today and the earliest day a report may name (YYYY-MM-DD, the site's zone), for the date field's limits. */
  today: string;
  earliest: string;
  /** The outcome of a report posted without JavaScript, shown on the page it returned to. */
  outcome?: FormOutcome;
}

type FieldName = 'date' | 'time' | 'visibility' | 'waterTemperature' | 'current' | 'surge' | 'comment' | 'name' | 'photos' | 'photoAlt';
type Errors = Partial<Record<FieldName, string>>;
const FIELDS: FieldName[] = ['date', 'time', 'visibility', 'waterTemperature', 'current', 'surge', 'comment', 'name'];

/**
 * Issue 45's 'Report the conditions' on a site's page: it posts to /forms without JavaScript (a 303 back
 * here with the outcome) and to the JSON API once hydrated; the server's rules and words decide either way.
 */
export function SiteReportForm({ site, today, earliest, outcome: given }: SiteReportFormProps) {
  const outcome = outcomeFor(given, 'report', site.id);
  const [kept, setKept] = useState<Record<string, string>>(outcome?.done ? {} : (outcome?.values ?? {}));
  const [errors, setErrors] = useState<Errors>((outcome?.fields as Errors | undefined) ?? {});
  const [failure, setFailure] = useState<string | null>(outcome?.error && !outcome.fields ? outcome.error : null);
  const [sent, setSent] = useState<string | null>(
    outcome?.done
      ? `${outcome.done.published ? REPORT_TEXT.published : REPORT_TEXT.pending}${outcome.done.photos ? ` ${REPORT_PHOTO_TEXT.waiting}` : ''}`
      : null,
  );
  const [sending, setSending] = useState(false);
  /** Photos chosen (with JavaScript: only that many descriptions are offered). */
  const [photoCount, setPhotoCount] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<QueuedReport[]>([]);
  const flushing = useRef(false);

  /** Sends the reports written offline (this site's), each once: its Idempotency-Key makes a repeat harmless. */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (const entry of queuedReports().filter((queued) => queued.siteId === site.id)) {
        try {
          const answer = await sendReport(entry);
          setSent(answer.message);
        } catch (error) {
          // Still no connection, or the server busy: it waits for the next 'online' (or the next visit).
          if (!(error instanceof ApiError) || error.status === 429 || error.status >= 500) break;
          // Refused (a day now past 14 days, a rule broken): dropped, and said.
          setFailure(error.serverMessage ?? 'Your waiting report could not be sent.');
        }
        setQueuedReports(queuedReports().filter((queued) => queued.key !== entry.key));
      }
    } finally {
      flushing.current = false;
      setWaiting(queuedReports().filter((queued) => queued.siteId === site.id));
    }
  }, [site.id]);

  useEffect(() => {
    setWaiting(queuedReports().filter((queued) => queued.siteId === site.id));
    if (navigator.onLine) void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush, site.id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: Record<string, string> = {};
    for (const name of [...FIELDS, 'website']) values[name] = String(data.get(name) ?? '').trim();
    setKept(values);
    setFailure(null);
    setErrors({});
    const body: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values)) {
      if (!value) continue;
      body[name] = (name === 'visibility' || name === 'waterTemperature') && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
    const files = data.getAll('photos').filter((file): file is File => file instanceof File && file.size > 0);
    // What the server would refuse anyway, said before anything waits offline.
    if (files.length > REPORT_PHOTOS_MAX) return setErrors({ photos: REPORT_PHOTO_TEXT.tooMany });
    if (files.some((file) => file.size > REPORT_PHOTO_MAX_BYTES)) return setErrors({ photos: REPORT_PHOTO_TEXT.tooLarge });
    const photoAlt = data
      .getAll('photoAlt')
      .map((alt) => String(alt).trim())
      .slice(0, files.length);
    const entry: QueuedReport = { siteId: site.id, key: newReportKey(), body, ...(files.length ? { photos: files.length, photoAlt } : {}) };
    const wait = async () => {
      // No connection (a boat, a remote shore): kept in the browser (the photos in IndexedDB) and sent when it returns.
      if (files.length) {
        try {
          await keepPhotos(entry.key, files);
        } catch {
          return setFailure('Your photos could not be kept in this browser. Send the report without them, or once you are back online.');
        }
      }
      setQueuedReports([...queuedReports(), entry]);
      setWaiting(queuedReports().filter((queued) => queued.siteId === site.id));
      setKept({});
      form.reset();
    };
    const form = event.currentTarget;
    if (!navigator.onLine) return wait();
    setSending(true);
    try {
      const answer: ReportCreated = await sendReport(entry, files);
      setKept({});
      setSent(answer.message);
    } catch (error) {
      if (!(error instanceof ApiError)) return wait();
      const fields = fieldsOf400<FieldName>(error.body);
      if (fields) setErrors(fields);
      else setFailure(error.serverMessage || 'Sending failed. Please try again.');
    } finally {
      setSending(false);
    }
  }

  const value = (name: string) => ({ name, defaultValue: kept[name] ?? '' });

  return (
    <section aria-labelledby="site-report-form-heading" data-testid="site-report-form" className="mt-6">
      <h3 id="site-report-form-heading" className="text-lg font-bold text-slate-900">
        {REPORT_TEXT.formHeading}
      </h3>
      {waiting.length > 0 && (
        <div role="status" data-testid="report-waiting" className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">Waiting to send</p>
          <p>{waiting.length === 1 ? 'Your report is' : `${waiting.length} reports are`} kept in this browser and will be sent when you are back online.</p>
        </div>
      )}
      {sent ? (
        <div role="status" className="mt-2 rounded-lg bg-emerald-50 p-3 text-emerald-900">
          <p className="font-semibold">Report sent</p>
          <p>{sent}</p>
        </div>
      ) : (
        <form
          method="post"
          action={FORM_ACTIONS.report(site.id)}
          encType="multipart/form-data"
          onSubmit={(event) => void submit(event)}
          noValidate
          className="mt-2 grid gap-4 sm:grid-cols-2"
        >
          <p className="text-sm text-slate-600 sm:col-span-2">Dived {site.name} in the last two weeks? Tell the next diver what the water was like.</p>
          {failure && <FormNoticeBox notice={{ title: 'Error', description: failure, failed: true }} className="sm:col-span-2" />}
          <Field form="report" name="date" label="Date dived" error={errors.date}>
            {(attributes) => <input {...attributes} type="date" min={earliest} max={today} required {...value('date')} />}
          </Field>
          <Field form="report" name="time" label="Time of day (optional)" error={errors.time}>
            {(attributes) => <input {...attributes} type="time" {...value('time')} />}
          </Field>
          <Field form="report" name="visibility" label="Visibility (metres)" error={errors.visibility}>
            {(attributes) => <input {...attributes} type="number" inputMode="numeric" min={0} max={VISIBILITY_MAX} step={1} {...value('visibility')} />}
          </Field>
          <Field form="report" name="waterTemperature" label="Water temperature (°C)" error={errors.waterTemperature}>
            {(attributes) => (
              <input {...attributes} type="number" inputMode="decimal" min={0} max={WATER_TEMPERATURE_MAX} step={0.1} {...value('waterTemperature')} />
            )}
          </Field>
          <Field form="report" name="current" label="Current" error={errors.current}>
            {(attributes) => (
              <select {...attributes} {...value('current')}>
                <option value="">Not noted</option>
                {CURRENTS.map((current) => (
                  <option key={current} value={current}>
                    {current[0].toUpperCase() + current.slice(1)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field form="report" name="surge" label="Surge" error={errors.surge}>
            {(attributes) => (
              <select {...attributes} {...value('surge')}>
                <option value="">Not noted</option>
                {SURGES.map((surge) => (
                  <option key={surge} value={surge}>
                    {surge[0].toUpperCase() + surge.slice(1)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field form="report" name="comment" label="What you saw (optional, no links)" error={errors.comment} className="sm:col-span-2">
            {(attributes) => <textarea {...attributes} rows={3} maxLength={REPORT_COMMENT_MAX} {...value('comment')} />}
          </Field>
          <Field form="report" name="name" label="Your name to show (optional)" error={errors.name}>
            {(attributes) => <input {...attributes} type="text" autoComplete="nickname" maxLength={REPORT_NAME_MAX} {...value('name')} />}
          </Field>
          <Field
            form="report"
            name="photos"
            label={`Photos (optional, up to ${REPORT_PHOTOS_MAX}: JPEG, PNG, WebP or AVIF, 15 MB each)`}
            error={errors.photos}
            className="sm:col-span-2"
          >
            {(attributes) => (
              <input
                {...attributes}
                type="file"
                name="photos"
                multiple
                accept={REPORT_PHOTO_ACCEPT}
                onChange={(event) => setPhotoCount(Math.min(event.currentTarget.files?.length ?? 0, REPORT_PHOTOS_MAX))}
              />
            )}
          </Field>
          <fieldset className="sm:col-span-2" hidden={photoCount === 0}>
            <legend className="text-sm font-medium text-slate-800">Describe each photo for people who cannot see it (optional)</legend>
            <p className="text-sm text-slate-600">
              Left empty, it reads &lsquo;Photo by {kept.name || 'your name'} at {site.name}, {kept.date ? photoDay(kept.date) : 'the day dived'}&rsquo;.{' '}
              {REPORT_PHOTO_TEXT.waiting}
            </p>
            {Array.from({ length: photoCount ?? REPORT_PHOTOS_MAX }, (_, index) => (
              <div key={index} className="mt-2">
                <label htmlFor={`report-photoAlt-${index}`} className="block text-sm font-medium text-slate-800">
                  Description of photo {index + 1}
                </label>
                <input
                  id={`report-photoAlt-${index}`}
                  name="photoAlt"
                  type="text"
                  maxLength={REPORT_PHOTO_ALT_MAX}
                  aria-invalid={index === 0 && !!errors.photoAlt}
                  aria-describedby={index === 0 && errors.photoAlt ? 'report-photoAlt-error' : undefined}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
                />
              </div>
            ))}
            {errors.photoAlt && (
              <p id="report-photoAlt-error" className="mt-1 text-sm text-red-700">
                {errors.photoAlt}
              </p>
            )}
          </fieldset>
          <div className="hidden" aria-hidden="true">
            <label htmlFor="report-website">Website</label>
            <input id="report-website" tabIndex={-1} autoComplete="off" {...value('website')} />
          </div>
          <div className="sm:col-span-2">
            <SendButton sending={sending}>Send report</SendButton>
          </div>
        </form>
      )}
    </section>
  );
}
