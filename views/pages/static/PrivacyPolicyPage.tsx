import { CARD, DatedIntro, Section, StaticPage, TextLink } from './parts';

export const meta = {
  title: 'Privacy Policy',
  description:
    'How Australian Dive Guide collects, uses and protects personal information under the Australian Privacy Principles, and how to unsubscribe, access or complain.',
};

const collected: { heading: string; what: string; why: string }[] = [
  {
    heading: 'Newsletter sign-ups',
    what: 'Your email address and a record of your consent: the date and time you confirmed your subscription by following the link we emailed you, the form you used and the IP address you subscribed from. A subscription never confirmed is deleted after 7 days.',
    why: 'To send the newsletter you asked for and to show that you gave consent, as required by the Spam Act 2003 (Cth). Newsletter emails carry no tracking pixel and no rewritten links: we do not record whether you open them or which links you follow.',
  },
  {
    heading: 'Contact messages',
    what: 'Your name, email address and the content of any message you send through our contact form.',
    why: 'To read and reply to your message and keep a record of the conversation.',
  },
  {
    heading: 'Comments',
    what: 'The name you enter and, if you choose to give it, your email address. Your email address is never shown publicly.',
    why: 'To publish your comment under the name you chose, to contact you about your comment if needed, and to moderate spam and abuse.',
  },
  {
    heading: 'Dive-site ratings',
    what: 'Your rating and the IP address it was submitted from.',
    why: 'To prevent spam and repeated or automated ratings that would distort a site’s score.',
  },
  {
    heading: 'Administrator security logs',
    what: 'Sign-in attempts to the site’s administration area, including the date and time, IP address and result.',
    why: 'To protect the site and your information against unauthorised access.',
  },
];

/** The sections listed under "On this page". */
const contents: [id: string, label: string][] = [
  ['what-we-collect', 'What we collect and why'],
  ['cookies', 'Cookies and analytics'],
  ['disclosure', 'Who we share information with'],
  ['unsubscribe', 'Unsubscribing from emails'],
  ['retention', 'How long we keep information'],
  ['security', 'Security'],
  ['access', 'Access and correction'],
  ['complaints', 'Complaints'],
];

export function PrivacyPolicyPage() {
  return (
    <StaticPage>
      <DatedIntro title="Privacy policy" dated="Effective date: 4 July 2025">
        Australian Dive Guide (&ldquo;we&rdquo;, &ldquo;us&rdquo;) respects your privacy. This policy explains how we handle personal information in line with
        the Australian Privacy Principles (APPs) in the Privacy Act 1988 (Cth). We collect only what we need to run the site, and we do not sell your personal
        information.
      </DatedIntro>

      <nav aria-label="On this page" className="mb-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">On this page</p>
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {contents.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="text-sky-700 hover:underline">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-10">
        <Section id="what-we-collect" title="What we collect and why">
          <p className="mt-3 leading-relaxed">
            We collect personal information directly from you when you use one of the features below. You can read the site, use the dive-site map and read
            reviews without giving us any personal information.
          </p>
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {collected.map((item) => (
              <li key={item.heading} className={`${CARD} p-5`}>
                <h3 className="text-lg font-semibold text-slate-900">{item.heading}</h3>
                <dl className="mt-2 space-y-2 text-sm leading-relaxed">
                  <div>
                    <dt className="font-semibold text-teal-700">What we collect</dt>
                    <dd>{item.what}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-teal-700">Why</dt>
                    <dd>{item.why}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <p className="mt-4 leading-relaxed">
            Like most websites, our hosting servers may also record standard technical information such as IP address, browser type and pages requested, for
            security and to keep the site running. We do not collect sensitive information, such as health information, and we ask that you do not include it in
            messages or comments.
          </p>
        </Section>

        <Section id="cookies" title="Cookies and analytics">
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed">
            <li>
              <strong>Visitors:</strong> we do not set cookies when you read the site, subscribe, comment or rate a dive site.
            </li>
            <li>
              <strong>Administrator:</strong> the only cookie we set is a session cookie for the site administrator, which keeps them signed in to the
              administration area and expires when they sign out.
            </li>
            <li>
              <strong>Analytics:</strong> we use analytics only if it is configured for the site. If it is, we use it to understand which pages are read, in
              aggregate, and we will update this policy to name the service and describe the information it collects.
            </li>
            <li>
              <strong>Our own visit counts:</strong> the site itself counts how many times each page is viewed and how many times each purchase link (for
              example &lsquo;Check Price&rsquo;) is followed, per day. It keeps only the page address or link, the day and the number. It keeps no IP address,
              no cookie, no browser or device details and nothing that identifies you, and no third-party script is involved. So that repeat clicks within a
              minute count once, the server keeps a one-way keyed code made from your network address and the date, only for that day; it cannot be turned back
              into the address and is deleted after the day ends. Known search-engine crawlers and browser prefetches are not counted.
            </li>
            <li>
              <strong>Retailer sites:</strong> when you follow an affiliate link, the retailer (for example Amazon) may set its own cookies to track the
              referral. Those cookies are governed by the retailer&rsquo;s privacy policy, not ours.
            </li>
          </ul>
        </Section>

        <Section id="disclosure" title="Who we share information with">
          <p className="mt-3 leading-relaxed">
            We do not sell, rent or trade personal information. We share it only with service providers who help us run the site, such as our hosting and email
            delivery providers, and only as needed for them to provide that service. Some of these providers may store information on servers outside Australia.
            When that happens, we take reasonable steps under APP 8 to make sure they handle it consistently with the APPs. We may also disclose information
            where the law requires or authorises it.
          </p>
        </Section>

        <Section id="unsubscribe" title="Unsubscribing from emails">
          <p className="mt-3 leading-relaxed">
            Every newsletter email contains a one-click unsubscribe link. Click it and you are removed straight away, with no need to sign in or confirm by
            email. You can also ask us to unsubscribe you through our <TextLink href="/contact">contact page</TextLink>.
          </p>
        </Section>

        <Section id="retention" title="How long we keep information">
          <p className="mt-3 leading-relaxed">
            We keep personal information only for as long as we need it for the purposes above, or as the law requires, and then delete or de-identify it.
          </p>
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed">
            <li>
              Newsletter email addresses are kept while you are subscribed. After you unsubscribe we keep the consent record and the fact that you unsubscribed,
              so that we can show we had consent and make sure we do not email you again.
            </li>
            <li>Contact messages are kept for as long as needed to deal with your enquiry and any follow-up.</li>
            <li>
              Comments stay published until they are removed. Email addresses given with comments are kept with the comment and deleted if the comment is
              deleted.
            </li>
            <li>IP addresses recorded with dive-site ratings and in security logs are kept only as long as needed for spam prevention and security.</li>
          </ul>
        </Section>

        <Section id="security" title="Security">
          <p className="mt-3 leading-relaxed">
            We take reasonable steps to protect personal information from misuse, interference, loss and unauthorised access, including encrypted connections
            (HTTPS), restricted administrator access and security logging. No system is completely secure, but if a data breach is likely to cause you serious
            harm we will notify you and the Office of the Australian Information Commissioner (OAIC) under the Notifiable Data Breaches scheme.
          </p>
        </Section>

        <Section id="access" title="Access and correction">
          <p className="mt-3 leading-relaxed">
            You can ask to see the personal information we hold about you and ask us to correct it if it is inaccurate, out of date, incomplete or misleading.
            You can also ask us to delete a comment or your newsletter record. Send your request through our <TextLink href="/contact">contact page</TextLink>.
            We may need to confirm your identity, for example by replying to the email address we hold. We aim to respond within 30 days and do not charge for
            requests.
          </p>
        </Section>

        <Section id="complaints" title="Complaints">
          <p className="mt-3 leading-relaxed">
            If you think we have mishandled your personal information, please contact us first through our <TextLink href="/contact">contact page</TextLink> and
            explain what happened. We will look into it and respond within 30 days. If you are not satisfied with our response, you can complain to the Office
            of the Australian Information Commissioner (OAIC) at <TextLink href="https://www.oaic.gov.au">oaic.gov.au</TextLink> or on 1300 363 992.
          </p>
        </Section>

        <Section id="changes" title="Changes and contact" className={`${CARD} p-6`}>
          <p className="mt-3 leading-relaxed">
            We may update this policy when our site or the law changes. The effective date at the top shows when it last changed. For any privacy question or
            request, please use our <TextLink href="/contact">contact page</TextLink>.
          </p>
        </Section>
      </div>
    </StaticPage>
  );
}
