import { CARD, PageIntro, PhoneLink, Section, TextLink } from 'views/pages/static/parts';
import { Island } from 'views/islands/Island';

export const meta = {
  title: 'Contact Us',
  description:
    'Contact the Australian Dive Guide team: questions about dive sites, gear reviews, learning to dive, corrections and suggestions. We reply within 24-48 hours on business days.',
};

export interface FaqEntry {
  question: string;
  answer: string;
}

/** Questions divers really send us, answered here first. Also published as FAQPage structured data. */
export const FAQ: FaqEntry[] = [
  {
    question: 'Do you run dive trips, courses or sell gear?',
    answer:
      'No. Australian Dive Guide is an independent information site. To dive or learn, book with a dive centre affiliated with a recognised training agency such as PADI, SSI or RAID. Our dive-site pages tell you what to expect at each site so you can choose an operator and a trip that suits your experience.',
  },
  {
    question: 'Do I need a medical to learn to dive in Australia?',
    answer:
      'Every student completes a diving medical questionnaire before training. If you answer yes to any question, for example about asthma, heart conditions, ear problems or some medications, you need a doctor to clear you before any in-water training, ideally a doctor trained in diving medicine. Some operators ask every student for a medical, so check with your dive centre before you book.',
  },
  {
    question: 'How deep can I dive with my certification?',
    answer:
      'An Open Water Diver is trained to dive to 18 metres, an Advanced Open Water Diver to 30 metres, and the recreational limit with deep-diver training is 40 metres. Many operators also ask for a minimum number of logged dives for deeper sites such as the SS Yongala.',
  },
  {
    question: 'When is the best time to dive the Great Barrier Reef?',
    answer:
      'The reef is dived all year. Winter and spring (roughly June to November) usually bring calmer seas and the best visibility, and dwarf minke whales visit the Ribbon Reefs in June and July. From about November to May it is stinger season in tropical Queensland, so wear the full-length Lycra suit your operator provides. Water is 23 to 29 degrees depending on the season.',
  },
  {
    question: 'How long should I wait before flying after diving?',
    answer:
      'Divers Alert Network (DAN) suggests a minimum surface interval before flying of 12 hours after a single no-decompression dive, 18 hours after multiple dives per day or multiple days of diving, and substantially longer than 18 hours after dives needing decompression stops. The same applies to driving over high ground, such as the road from Cairns up to the Atherton Tablelands.',
  },
  {
    question: 'Do brands pay for your gear reviews?',
    answer:
      'No. Brands cannot pay for a review, a rating or a place in our lists. Some links to shops are affiliate links: if you buy through them we may earn a commission at no extra cost to you, and that never changes our verdicts. Our affiliate disclosure page explains exactly how it works.',
  },
  {
    question: 'Can I suggest a product, a dive site or a correction?',
    answer:
      'Yes, please do. Use the form on this page and tell us the product, the dive site (with its region) or the page you found the problem on. Local knowledge from divers is how our dive-site guides stay accurate, and we read every suggestion.',
  },
  {
    question: 'I subscribed but the free PDF guide has not arrived. What now?',
    answer:
      'The guide comes once you have followed the link in our confirmation email, so look for that first. Check your spam or promotions folder and add our address to your contacts. You can also download "10 Must-Have Items for Your First Dive Trip" straight after subscribing on our newsletter page. If it still has not arrived, send us a message and we will sort it out.',
  },
  {
    question: 'How do I unsubscribe from the newsletter?',
    answer:
      'Every newsletter email has an unsubscribe link at the bottom. One click removes you straight away, with no need to sign in. You can also ask us through this form.',
  },
  {
    question: 'Can I write for you or share my underwater photos?',
    answer:
      'We welcome trip reports, dive-site updates and photos from divers around Australia and the Pacific. Send a short outline or a link to your work. We always credit contributors and never use a photo without the photographer’s permission.',
  },
];

/** Where the team posts between articles. */
const SOCIAL = [
  { label: 'Facebook', href: 'https://www.facebook.com/australiandiveguide' },
  { label: 'Instagram', href: 'https://www.instagram.com/australiandiveguide' },
  { label: 'YouTube', href: 'https://www.youtube.com/@australiandiveguide' },
];

export interface ContactPageProps {
  /** CONTACT_EMAIL or contact@ the site's domain; null when neither exists (the form is the way to write). */
  email: string | null;
  initialSubject: string;
}

export function ContactPage({ email, initialSubject }: ContactPageProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 text-slate-700">
      <PageIntro eyebrow="Get in touch" title="Contact Us" className="mb-10 max-w-3xl" leadClassName="mt-4 text-lg leading-relaxed">
        Questions about a dive site, a piece of gear or learning to dive? A correction, a product to review or a story to share? Send us a message and a diver
        on our team will answer.
      </PageIntro>

      <div className="grid gap-10 lg:grid-cols-3">
        <Section id="form-heading" title="Send us a message" className="lg:col-span-2" headingClassName="mb-4 text-2xl font-bold text-slate-900">
          <Island name="ContactForm" props={{ initialSubject }} hydrate="idle" />
        </Section>

        <aside className="grid content-start gap-6">
          <section aria-labelledby="email-heading" className={`${CARD} p-6`}>
            {email ? (
              <>
                <h2 id="email-heading" className="text-lg font-bold text-slate-900">
                  Email us
                </h2>
                <p className="mt-2">
                  <a href={`mailto:${email}`} className="inline-flex min-h-6 items-center font-semibold text-sky-700 underline hover:text-sky-900">
                    {email}
                  </a>
                </p>
                <h3 className="mt-5 font-semibold text-slate-900">Response time</h3>
              </>
            ) : (
              <h2 id="email-heading" className="text-lg font-bold text-slate-900">
                Response time
              </h2>
            )}
            <p className="mt-1 text-sm leading-relaxed">
              We reply within 24-48 hours on business days (Monday to Friday, excluding public holidays). Messages sent over a weekend are answered the
              following week.
            </p>
          </section>

          <Section id="social-heading" title="Follow us" className={`${CARD} p-6`} headingClassName="text-lg font-bold text-slate-900">
            <ul className="mt-3 flex flex-wrap gap-3">
              {SOCIAL.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center rounded-lg bg-slate-100 px-4 font-semibold text-slate-800 hover:bg-slate-200"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </Section>

          <Section
            id="emergency-heading"
            title="Diving emergency?"
            className="rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200"
            headingClassName="text-lg font-bold text-slate-900"
          >
            <p className="mt-2 text-sm leading-relaxed">
              We can't help in an emergency. Call <PhoneLink number="000" />, and for suspected decompression illness the DAN Asia-Pacific Diving Emergency
              Service on <PhoneLink number="1800 088 200" /> (from outside Australia <PhoneLink number="+61 8 8212 9242" />
              ).
            </p>
          </Section>
        </aside>
      </div>

      <Section id="faq-heading" title="Frequently asked questions" className="mt-16">
        <div className="mt-6 grid gap-3">
          {FAQ.map((entry) => (
            <details key={entry.question} className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <summary className="flex min-h-6 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
                {entry.question}
                <span aria-hidden="true" className="text-sky-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 leading-relaxed">{entry.answer}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-sm">
          More questions answered in our <TextLink href="/learn-to-dive">learn-to-dive guide</TextLink> and our{' '}
          <TextLink href="/affiliate-disclosure">affiliate disclosure</TextLink>.
        </p>
      </Section>
    </div>
  );
}
