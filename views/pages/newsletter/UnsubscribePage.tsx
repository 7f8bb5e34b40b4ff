import { Island } from 'views/islands/Island';
import { EmailLinkPage } from './EmailLinkPage';

export interface UnsubscribePageProps {
  /** The address of the link's subscriber, or null when the link was not valid. */
  email: string | null;
  /**
   * Set when the link was opened and the subscriber is still subscribed: the address the page's one
   * button posts to (the link itself), so that a mail scanner following links unsubscribes nobody.
   */
  confirmAction?: string;
}

/** The page of an emailed unsubscribe link: the one button that unsubscribes, done, or not valid. */
export function UnsubscribePage({ email, confirmAction }: UnsubscribePageProps) {
  return (
    <EmailLinkPage>
      {email && confirmAction ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Unsubscribe from the newsletter?</h1>
          <p className="mt-4 text-lg leading-relaxed">
            Press the button to stop the Australian Dive Guide newsletter going to <strong className="break-words text-slate-900">{email}</strong>.
          </p>
          <form method="post" action={confirmAction} className="mt-6">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-lg bg-sky-700 px-5 py-2 font-semibold text-white hover:bg-sky-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
            >
              Unsubscribe
            </button>
          </form>
          <p className="mt-4 leading-relaxed">Changed your mind? Just close this page: nothing changes until you press the button.</p>
        </>
      ) : email ? (
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
    </EmailLinkPage>
  );
}
