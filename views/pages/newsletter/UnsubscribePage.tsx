import { Island } from 'views/islands/Island';

export interface UnsubscribePageProps {
  /** The address that was unsubscribed, or null when the link was not valid. */
  email: string | null;
}

/** The answer to a one-click unsubscribe link: done, or the link was not valid. */
export function UnsubscribePage({ email }: UnsubscribePageProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-14 text-slate-700">
      {email ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">You have been unsubscribed</h1>
          <p className="mt-4 text-lg leading-relaxed">
            <strong className="break-words text-slate-900">{email}</strong> will no longer receive the Australian Dive Guide newsletter. We're sorry to see you
            go, and thanks for reading.
          </p>
          <p className="mt-3 leading-relaxed">
            We keep a record that you unsubscribed, so that we never email you again by mistake. You don't need to do anything else.
          </p>
          <h2 className="mt-10 text-xl font-bold text-slate-900">Changed your mind?</h2>
          <p className="mt-2">Subscribe again at any time:</p>
          <div className="mt-4 max-w-xl">
            <Island name="NewsletterSignup" props={{ source: 'resubscribe' }} hydrate="visible" />
          </div>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900">This unsubscribe link is not valid</h1>
          <p className="mt-4 text-lg leading-relaxed">
            The link may be incomplete, for example if it was split across two lines in your email. Try copying the whole link from the bottom of one of our
            emails into your browser.
          </p>
          <p className="mt-3 leading-relaxed">
            Still stuck?{' '}
            <a href="/contact" className="font-semibold text-sky-700 underline hover:text-sky-900">
              Contact us
            </a>{' '}
            with the address you subscribed with and we'll unsubscribe you by hand.
          </p>
        </>
      )}
      <p className="mt-10">
        <a href="/" className="inline-flex min-h-11 items-center font-semibold text-sky-700 underline hover:text-sky-900">
          Back to the home page
        </a>
      </p>
    </div>
  );
}
