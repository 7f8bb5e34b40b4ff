import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FORM_ACTIONS, outcomeFor, type FormOutcome } from 'core/form-outcome';
import { NEWSLETTER_MESSAGES, validateNewsletterEmail } from 'core/newsletter';
import { QueryProvider } from 'client/lib/QueryProvider';
import { trackEvent } from '../lib/analytics';
import { ApiError, apiRequest } from '../lib/api';
import { FormNoticeBox, type FormNotice } from '../lib/form-notice';
import { toast } from '../lib/toast';

export interface NewsletterSignupProps {
  /** Which form this is (e.g. 'home'), kept with the subscriber as consent evidence. */
  source?: string;
  /** The outcome of this form posted without JavaScript, shown on the page it returned to. */
  outcome?: FormOutcome;
}

const ALREADY_SUBSCRIBED = NEWSLETTER_MESSAGES.alreadySubscribed;

/** SPEC section 8's toasts, also written on the page when the form was posted without JavaScript. */
function failureNotice(message: string): FormNotice {
  return message.includes(ALREADY_SUBSCRIBED)
    ? { title: 'Already subscribed!', description: 'This email is already receiving our newsletter. Check your inbox for the latest updates.', failed: true }
    : { title: 'Subscription failed', description: message, failed: true };
}

const SUBSCRIBED: FormNotice = { title: NEWSLETTER_MESSAGES.subscribed, description: 'Check your email for the free PDF guide.', failed: false };

interface SubscribeAnswer {
  message: string;
  guideUrl: string;
}

/** The newsletter signup (SPEC sections 2, 4, 8): one email field; the free PDF guide is promised and delivered. */
export function NewsletterSignup(props: NewsletterSignupProps) {
  return (
    <QueryProvider>
      <Signup {...props} />
    </QueryProvider>
  );
}

function Signup({ source = 'website', outcome: posted }: NewsletterSignupProps) {
  const id = useId();
  const outcome = outcomeFor(posted, 'newsletter');
  const [error, setError] = useState<string | null>(outcome?.fields?.email ?? null);
  const [guideUrl, setGuideUrl] = useState<string | null>(outcome?.done?.guideUrl ?? null);
  // A post without JavaScript comes back with its outcome written here rather than toasted.
  const [notice, setNotice] = useState<FormNotice | null>(outcome?.done ? SUBSCRIBED : outcome?.error && !outcome.fields ? failureNotice(outcome.error) : null);

  const subscribe = useMutation({
    mutationFn: (body: Record<string, string>) => apiRequest<SubscribeAnswer>('POST', '/api/newsletter/subscribe', body),
    onSuccess: (answer) => {
      toast({ title: SUBSCRIBED.title, description: SUBSCRIBED.description });
      trackEvent('newsletter_signup', { source });
      setGuideUrl(answer.guideUrl);
    },
    onError: (failure) => {
      const message = failure instanceof Error ? failure.message : String(failure);
      const serverMessage = failure instanceof ApiError ? failure.serverMessage : null;
      const { title, description } = failureNotice(message.includes(ALREADY_SUBSCRIBED) ? message : (serverMessage ?? message));
      toast({ title, description, variant: 'destructive' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form itself: what a visitor typed before the island hydrated counts too.
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '');
    const website = String(data.get('website') ?? '');
    const problem = validateNewsletterEmail(email);
    setError(problem);
    setNotice(null);
    if (problem) return;
    const body: Record<string, string> = { email: email.trim(), source };
    if (website) body.website = website;
    subscribe.mutate(body, { onSuccess: () => form.reset() });
  }

  const emailId = `${id}-email`;
  const errorId = `${id}-error`;
  return (
    // id: where a post without JavaScript comes back to (src/forms/form-return.ts), one signup a page.
    <div id="newsletter" className="rounded-2xl bg-white p-6 text-slate-700 shadow-lg ring-1 ring-slate-200">
      <p className="text-lg font-bold text-slate-900">Free PDF guide: 10 Must-Have Items for Your First Dive Trip</p>
      <p className="mt-1 text-sm">
        Subscribe, confirm with the link we email you, and the guide is yours, with new dive-site guides, gear reviews and safety tips.
      </p>
      <form method="post" action={FORM_ACTIONS.newsletter} onSubmit={submit} noValidate className="mt-4">
        <input type="hidden" name="source" value={source} />
        <label htmlFor={emailId} className="block text-sm font-medium text-slate-800">
          Email address
        </label>
        <div className="mt-1 flex flex-col gap-3 sm:flex-row">
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            defaultValue={outcome?.values?.email ?? ''}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            className="min-h-11 w-full flex-1 rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
          />
          <button
            type="submit"
            disabled={subscribe.isPending}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-400 px-6 py-2 font-semibold text-slate-900 hover:bg-amber-300 disabled:opacity-60"
          >
            {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
          </button>
        </div>
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      </form>
      {notice && <FormNoticeBox notice={notice} className="mt-3" />}
      {guideUrl && (
        <p role="status" className="mt-3 text-sm">
          Almost there: follow the link in the email we just sent to confirm your subscription.{' '}
          <a href={guideUrl} download className="font-semibold text-cyan-800 underline hover:text-cyan-900">
            Download the free PDF guide now
          </a>
        </p>
      )}
      <p className="mt-3 text-xs text-slate-500">
        About two emails a month. Unsubscribe with one click at any time. See our{' '}
        <a href="/privacy-policy" className="underline hover:text-slate-700">
          Privacy Policy
        </a>
        .
      </p>
    </div>
  );
}
