import { Island } from 'views/islands/Island';

export const meta = {
  title: 'Free Newsletter and First Dive Trip Guide',
  description:
    'Subscribe to the Australian Dive Guide newsletter and get our free PDF guide, 10 Must-Have Items for Your First Dive Trip, plus new dive-site guides, gear reviews and safety tips.',
};

export interface NewsletterPageProps {
  guideTitle: string;
  guideSubtitle: string;
  itemNames: string[];
}

const EXPECT = [
  { heading: 'New dive-site guides', text: 'Conditions, depths, marine life and access notes for reefs, wrecks and jetties around Australia and the Pacific.' },
  { heading: 'Honest gear reviews', text: 'What worked and what did not, tested on real dives in local conditions, from Tasmanian kelp to the Coral Sea.' },
  { heading: 'Safety and skills', text: 'Practical advice on planning, buoyancy, currents and marine life, checked against current training standards.' },
];

/** What the newsletter is, what the free guide holds, and the signup form. */
export function NewsletterPage({ guideTitle, guideSubtitle, itemNames }: NewsletterPageProps) {
  return (
    <div className="text-slate-700">
      <section className="bg-cyan-900 text-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2 md:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-cyan-200">Free newsletter</p>
            <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Dive deeper into Australia's underwater world</h1>
            <p className="mt-4 text-lg leading-relaxed text-cyan-50">
              About twice a month: new dive-site guides, honest gear reviews and safety tips. Subscribe today and get our free PDF guide,{' '}
              <strong>{guideTitle}</strong>.
            </p>
            <p className="mt-4 text-cyan-100">
              <a href="/newsletter/issues" className="font-semibold text-white underline hover:text-cyan-100">
                Read past issues
              </a>{' '}
              in the newsletter archive.
            </p>
          </div>
          <Island name="NewsletterSignup" props={{ source: 'newsletter-page' }} hydrate="load" />
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 lg:grid-cols-2">
        <section aria-labelledby="guide-heading">
          <h2 id="guide-heading" className="text-2xl font-bold text-slate-900">
            Inside the free guide
          </h2>
          <p className="mt-3 leading-relaxed">{guideSubtitle}. Each item comes with why it matters and a tip from experienced divers.</p>
          <ol className="mt-5 grid gap-2">
            {itemNames.map((name, index) => (
              <li key={name} className="flex items-center gap-3 rounded-lg bg-white p-3 ring-1 ring-slate-200">
                <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-cyan-700 font-bold text-white">
                  {index + 1}
                </span>
                <span className="font-medium text-slate-900">{name}</span>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="expect-heading">
          <h2 id="expect-heading" className="text-2xl font-bold text-slate-900">
            What you'll receive
          </h2>
          <ul className="mt-5 grid gap-4">
            {EXPECT.map((entry) => (
              <li key={entry.heading} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">{entry.heading}</h3>
                <p className="mt-1 leading-relaxed">{entry.text}</p>
              </li>
            ))}
          </ul>
          <h2 className="mt-10 text-xl font-bold text-slate-900">Your privacy</h2>
          <p className="mt-2 leading-relaxed">
            We first email you a link to confirm that the address is yours: nothing more is sent until you follow it, and an address never confirmed is deleted
            after 7 days. We only use your address to send the newsletter, never share or sell it, and keep a record of when you confirmed and where you
            subscribed as the Spam Act 2003 requires. Every email has a one-click unsubscribe link. Read our{' '}
            <a href="/privacy-policy" className="font-semibold text-sky-700 underline hover:text-sky-900">
              privacy policy
            </a>
            .
          </p>
        </section>
      </div>
    </div>
  );
}
