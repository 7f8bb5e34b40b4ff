import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { validateContact, type ContactErrors, type ContactField } from 'core/contact';
import { FORM_ACTIONS, outcomeFor, type FormOutcome } from 'core/form-outcome';
import { QueryProvider } from 'client/lib/QueryProvider';
import { trackEvent } from '../lib/analytics';
import { ApiError, apiRequest } from '../lib/api';
import { FormNoticeBox, type FormNotice } from '../lib/form-notice';
import { toast } from '../lib/toast';

export interface ContactFormProps {
  /** Pre-fills the subject, e.g. from a 'Suggest a Product' link (/contact?subject=...). */
  initialSubject?: string;
  /** The outcome of this form posted without JavaScript, shown on the page it returned to. */
  outcome?: FormOutcome;
}

/** SPEC section 8's toasts, also written on the page when the form was posted without JavaScript. */
const sentNotice = (emailSent: boolean | undefined): FormNotice => ({
  title: 'Message sent successfully!',
  description: emailSent ? "We'll get back to you as soon as possible." : "Your message was saved and we'll respond soon.",
  failed: false,
});
const failedNotice = (description: string): FormNotice => ({ title: 'Failed to send message', description, failed: true });

type Field = ContactField;
type Errors = ContactErrors;

/** SPEC sections 2 and 8: the contact form, with its success and failure toasts. */
export function ContactForm(props: ContactFormProps) {
  return (
    <QueryProvider>
      <Contact {...props} />
    </QueryProvider>
  );
}

function Contact({ initialSubject = '', outcome: posted }: ContactFormProps) {
  const id = useId();
  const outcome = outcomeFor(posted, 'contact');
  const kept = outcome?.values ?? {};
  const [errors, setErrors] = useState<Errors>(outcome?.fields ?? {});
  // A post without JavaScript comes back with its outcome written here rather than toasted.
  const [notice, setNotice] = useState<FormNotice | null>(
    outcome?.done ? sentNotice(outcome.done.emailSent) : outcome?.error && !outcome.fields ? failedNotice(outcome.error) : null,
  );
  const [messageLength, setMessageLength] = useState((kept.message ?? '').trim().length);
  const message = useRef<HTMLTextAreaElement>(null);
  // What was typed before the island hydrated is in the field, not in the state.
  useEffect(() => setMessageLength(message.current?.value.trim().length ?? 0), []);

  const send = useMutation({
    mutationFn: (body: Record<string, string>) => apiRequest<{ emailSent: boolean }>('POST', '/api/contact', body),
    onSuccess: (answer) => {
      const { title, description } = sentNotice(answer.emailSent);
      toast({ title, description });
      trackEvent('contact_form_submit');
    },
    onError: (failure) => {
      const text = failure instanceof ApiError ? (failure.serverMessage ?? failure.message) : failure.message;
      const { title, description } = failedNotice(text);
      toast({ title, description, variant: 'destructive' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form itself: what a visitor typed before the island hydrated counts too.
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (name: string) => String(data.get(name) ?? '');
    const values = { name: read('name'), email: read('email'), subject: read('subject'), message: read('message') };
    const found = validateContact(values);
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    const body: Record<string, string> = {
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    if (read('website')) body.website = read('website');
    send.mutate(body, {
      onSuccess: () => {
        form.reset();
        setMessageLength(0);
      },
    });
  }

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    className: 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900',
  });
  const problem = (name: Field) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    );
  const label = (name: Field, text: string) => (
    <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-800">
      {text}
    </label>
  );

  return (
    <form
      method="post"
      action={FORM_ACTIONS.contact}
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      aria-label="Contact form"
    >
      {notice && <FormNoticeBox notice={notice} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          {label('name', 'Name')}
          <input {...field('name')} defaultValue={kept.name ?? ''} autoComplete="name" maxLength={120} />
          {problem('name')}
        </div>
        <div>
          {label('email', 'Email')}
          <input {...field('email')} defaultValue={kept.email ?? ''} type="email" autoComplete="email" maxLength={260} />
          {problem('email')}
        </div>
      </div>
      <div>
        {label('subject', 'Subject')}
        <input {...field('subject')} defaultValue={kept.subject ?? initialSubject} maxLength={220} />
        {problem('subject')}
      </div>
      <div>
        {label('message', 'Message')}
        <textarea
          {...field('message')}
          ref={message}
          defaultValue={kept.message ?? ''}
          rows={7}
          onInput={(event) => setMessageLength(event.currentTarget.value.trim().length)}
        />
        <p className="mt-1 text-xs text-slate-500">{messageLength}/5000 characters</p>
        {problem('message')}
      </div>
      <div className="hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <button
          type="submit"
          disabled={send.isPending}
          className="inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-6 py-2 font-semibold text-white hover:bg-cyan-800 disabled:opacity-60"
        >
          {send.isPending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
