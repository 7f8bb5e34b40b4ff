import { useState, type FormEvent } from 'react';
import { CORRECTION_FIELDS, CORRECTION_TEXT } from 'core/dive-sites/corrections';
import { FORM_ACTIONS, outcomeFor, type FormOutcome } from 'core/form-outcome';
import { FormNoticeBox } from '../lib/form-notice';
import { fieldsOf400, PublicFormField as Field, SendButton } from '../lib/public-form-field';
import { ApiError, apiRequest } from '../lib/api';

export interface SuggestCorrectionProps {
  site: { id: number; name: string };
  /** The outcome of a correction posted without JavaScript, shown on the page it returned to. */
  outcome?: FormOutcome;
}

type FieldName = 'field' | 'suggestion' | 'sourceUrl' | 'email';
type Errors = Partial<Record<FieldName, string>>;

/** The form's own checks, the server's in the same words (src/corrections/dto/create-correction.dto.ts). */
export function validateCorrection(values: Record<FieldName, string>): Errors {
  const errors: Errors = {};
  if (!CORRECTION_FIELDS.some((entry) => entry.field === values.field)) errors.field = CORRECTION_TEXT.fieldRequired;
  if (values.suggestion.trim().length < 10) errors.suggestion = CORRECTION_TEXT.suggestionRequired;
  if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(values.sourceUrl.trim())) errors.sourceUrl = CORRECTION_TEXT.sourceRequired;
  if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = CORRECTION_TEXT.email;
  return errors;
}

/**
 * Issue 30's 'Suggest a correction' at the foot of a site's page: which fact, the corrected words and the
 * published source behind them. It posts to /forms without JavaScript and to the API once hydrated; the
 * administrator checks each one before the page changes.
 */
export function SuggestCorrection({ site, outcome: given }: SuggestCorrectionProps) {
  const outcome = outcomeFor(given, 'correction', site.id);
  const [kept, setKept] = useState<Record<string, string>>(outcome?.done ? {} : (outcome?.values ?? {}));
  const [errors, setErrors] = useState<Errors>(outcome?.fields ?? {});
  const [failure, setFailure] = useState<string | null>(outcome?.error && !outcome.fields ? outcome.error : null);
  const [sent, setSent] = useState(!!outcome?.done);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => String(data.get(name) ?? '');
    const values = { field: read('field'), suggestion: read('suggestion'), sourceUrl: read('sourceUrl'), email: read('email'), website: read('website') };
    setKept(values);
    setFailure(null);
    const found = validateCorrection(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Record<string, string> = { field: values.field, suggestion: values.suggestion.trim(), sourceUrl: values.sourceUrl.trim() };
    if (values.email.trim()) body.email = values.email.trim();
    if (values.website) body.website = values.website;
    setSending(true);
    try {
      await apiRequest('POST', `/api/dive-sites/${site.id}/corrections`, body);
      setKept({});
      setSent(true);
    } catch (error) {
      const fields = error instanceof ApiError ? fieldsOf400<FieldName>(error.body) : null;
      if (fields) setErrors(fields);
      else setFailure((error instanceof ApiError && error.serverMessage) || 'Sending failed. Please try again.');
    } finally {
      setSending(false);
    }
  }

  const value = (name: string) => ({ name, defaultValue: kept[name] ?? '' });

  return (
    <section id="suggest-correction" aria-labelledby="suggest-correction-heading" data-testid="suggest-correction">
      <h2 id="suggest-correction-heading" className="text-xl font-bold text-slate-900">
        Suggest a correction
      </h2>
      {sent ? (
        <div role="status" className="mt-2 rounded-lg bg-emerald-50 p-3 text-emerald-900">
          <p className="font-semibold">Correction sent</p>
          <p>{CORRECTION_TEXT.thanks}</p>
        </div>
      ) : (
        <form method="post" action={FORM_ACTIONS.correction(site.id)} onSubmit={(event) => void submit(event)} noValidate className="mt-2 grid gap-4">
          <p className="text-sm text-slate-600">Something wrong or out of date about {site.name}? Tell us what it should say and where it is published.</p>
          {failure && <FormNoticeBox notice={{ title: 'Error', description: failure, failed: true }} />}
          <Field form="correction" name="field" label="What to correct" error={errors.field}>
            {(attributes) => (
              <select {...attributes} {...value('field')}>
                <option value="">Choose a fact</option>
                {CORRECTION_FIELDS.map((entry) => (
                  <option key={entry.field} value={entry.field}>
                    {entry.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field form="correction" name="suggestion" label="What it should say" error={errors.suggestion}>
            {(attributes) => <textarea {...attributes} rows={4} maxLength={20_000} {...value('suggestion')} />}
          </Field>
          <Field form="correction" name="sourceUrl" label="Source (web address)" error={errors.sourceUrl}>
            {(attributes) => <input {...attributes} type="url" inputMode="url" placeholder="https://" {...value('sourceUrl')} />}
          </Field>
          <Field form="correction" name="email" label="Email (optional, only to ask you about it)" error={errors.email}>
            {(attributes) => <input {...attributes} type="email" autoComplete="email" {...value('email')} />}
          </Field>
          <div className="hidden" aria-hidden="true">
            <label htmlFor="correction-website">Website</label>
            <input id="correction-website" tabIndex={-1} autoComplete="off" {...value('website')} />
          </div>
          <div>
            <SendButton sending={sending}>Send correction</SendButton>
          </div>
        </form>
      )}
    </section>
  );
}
