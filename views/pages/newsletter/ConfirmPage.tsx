import { Island } from 'views/islands/Island';
import { EmailLinkPage } from './EmailLinkPage';

export interface ConfirmPageProps {
  /** The address just confirmed, or null when the link was not valid (used, expired or incomplete). */
  email: string | null;
  guideTitle: string;
  guideUrl: string;
}

/** The page of a confirmation link (double opt-in): subscribed, or the link is not valid and the form is offered again. */
export function ConfirmPage({ email, guideTitle, guideUrl }: ConfirmPageProps) {
  return (
    <EmailLinkPage>
      {email ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Your subscription is confirmed</h1>
          <p className="mt-4 text-lg leading-relaxed">
            Thanks! <strong className="break-words text-slate-900">{email}</strong> will now receive the Australian Dive Guide newsletter, about twice a month.
            Your welcome email with the free guide is on its way.
          </p>
          <p className="mt-3 leading-relaxed">
            <a href={guideUrl} download className="font-semibold text-sky-700 underline hover:text-sky-900">
              Download {guideTitle} now
            </a>
          </p>
          <p className="mt-3 leading-relaxed">Every email has a one-click unsubscribe link, should you change your mind.</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900">This confirmation link is not valid</h1>
          <p className="mt-4 text-lg leading-relaxed">
            The link may have been used already, be older than 7 days, or be incomplete (split across two lines in your email). If you are not receiving the
            newsletter, subscribe again and follow the link in the new email:
          </p>
          <div className="mt-6 max-w-xl">
            <Island name="NewsletterSignup" props={{ source: 'confirm-again' }} hydrate="visible" />
          </div>
        </>
      )}
    </EmailLinkPage>
  );
}
