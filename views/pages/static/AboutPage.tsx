import { CARD, PageIntro, Section, StaticPage, TextLink } from './parts';

export const meta = {
  title: 'About Australian Dive Guide',
  description:
    'Who we are and why we write on diving in Australia and the Pacific: our mission, our values of honest reviews, safety and conservation, and how we are funded.',
};

const values: { heading: string; text: string }[] = [
  {
    heading: 'Honest Reviews',
    text: 'We test gear in real Australian conditions, from cold Tasmanian kelp forests to warm Coral Sea walls, and we say what we found, including the flaws. Brands cannot pay for a review, a rating or a place in our lists, and affiliate commissions never decide our verdicts.',
  },
  {
    heading: 'Safety First',
    text: 'Diving is safe when divers are trained, fit and prepared. We check our safety advice against current training agency standards and Australian guidance, encourage proper training and dive insurance, and we never present articles as a substitute for instruction.',
  },
  {
    heading: 'Conservation',
    text: 'The reefs, wrecks and kelp forests we write about are under pressure from warming seas, pollution and careless visitors. We promote good buoyancy, no-touch diving, marine park rules and operators who look after the sites they visit.',
  },
];

const team: { role: string; focus: string }[] = [
  {
    role: 'Editor — PADI Divemaster, Sydney',
    focus: 'Plans our coverage, edits every article and dive-site guide, and checks facts and safety advice before anything is published.',
  },
  {
    role: 'Gear tester',
    focus:
      'Uses masks, fins, wetsuits, regulators and dive computers over many dives in different conditions and writes our reviews, recording how each item performs over time.',
  },
  {
    role: 'Marine science contributor',
    focus: 'Writes about marine life, reef health and conservation, and reviews our dive-site descriptions for accurate species and habitat information.',
  },
];

const offers: string[] = [
  'News and in-depth articles on diving in Australia and the Pacific',
  'Independent gear reviews written for divers in local conditions',
  'A map of dive sites across Australia and the Pacific with depths, access notes and diver ratings',
  'A learn-to-dive guide for people considering their first course',
  'A free newsletter with new articles, reviews and dive-site updates',
];

export function AboutPage() {
  return (
    <StaticPage>
      <PageIntro eyebrow="About us" title="About Australian Dive Guide">
        Australian Dive Guide is an independent website about scuba diving in Australia and the Pacific. We are divers writing for divers, whether you are
        booking your first course or planning your next trip to the Coral Sea.
      </PageIntro>

      <Section id="mission" title="Our mission" className="mb-12">
        <p className="mt-3 max-w-3xl leading-relaxed">
          We want to help more people dive safely, spend their money wisely and care for the places they explore. Australia has some of the most varied diving
          on the planet, yet good local information is scattered across forums, brochures and out-of-date guidebooks. We bring it together in one place, written
          clearly and checked carefully.
        </p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {offers.map((item) => (
            <li key={item} className="flex gap-2">
              <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-teal-500" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="values" title="Our values" className="mb-12">
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {values.map((value) => (
            <article key={value.heading} className={`${CARD} p-6`}>
              <h3 className="text-lg font-semibold text-sky-800">{value.heading}</h3>
              <p className="mt-2 text-sm leading-relaxed">{value.text}</p>
            </article>
          ))}
        </div>
      </Section>

      <Section id="team" title="The team" className="mb-12">
        <p className="mt-2 max-w-3xl">
          We are a small team of certified divers and contributors. Each article is written and reviewed by people with hands-on experience of the subject.
        </p>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {team.map((member) => (
            <li key={member.role} className={`${CARD} p-6`}>
              <h3 className="text-lg font-semibold text-slate-900">{member.role}</h3>
              <p className="mt-2 text-sm leading-relaxed">{member.focus}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="funding" title="How we are funded" className={`${CARD} p-6`}>
        <p className="mt-3 leading-relaxed">
          Australian Dive Guide is free to read. Some links in our gear reviews are affiliate links: if you buy through them, a retailer may pay us a small
          commission at no extra cost to you. This is how we pay for gear testing and writing. Commissions never influence our ratings or recommendations, and
          we do not accept payment for reviews.
        </p>
        <p className="mt-4">
          <TextLink href="/affiliate-disclosure">Read our full affiliate disclosure</TextLink>
        </p>
      </Section>
    </StaticPage>
  );
}
