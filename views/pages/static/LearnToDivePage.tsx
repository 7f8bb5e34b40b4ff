import type { ReactNode } from 'react';
import { CARD, PageIntro, PhoneLink, Section, StaticPage } from './parts';

export const meta = {
  title: 'Learn to Dive in Australia: Steps, Costs & Safety',
  description:
    'How to become a certified scuba diver in Australia: the four steps of an Open Water course, typical time and AUD costs, and key safety tips for new divers.',
};

type Step = {
  name: string;
  summary: string;
  whatHappens: string[];
  duration: string;
  cost: string;
};

const steps: Step[] = [
  {
    name: 'Basic Theory',
    summary: 'Learn how pressure, breathing gas and the underwater environment affect your body and your equipment.',
    whatHappens: [
      'Work through eLearning at home or classroom sessions at a dive centre.',
      'Cover pressure and volume, equalising, buoyancy, no-decompression limits and dive planning.',
      'Complete the medical questionnaire and short knowledge reviews, then a final quiz.',
    ],
    duration: '8 to 12 hours of study, usually spread over a week or two',
    cost: 'About $250 to $350 if you buy eLearning separately; often included in the course price',
  },
  {
    name: 'Pool Training',
    summary: 'Put on the gear and breathe underwater for the first time in calm, shallow water with an instructor beside you.',
    whatHappens: [
      'Assemble and check your scuba unit, then practise the pre-dive buddy check.',
      'Learn skills such as mask clearing, regulator recovery and sharing air with a buddy.',
      'Practise neutral buoyancy, controlled ascents and what to do if you run low on air.',
    ],
    duration: 'Usually 2 days, or 3 to 4 evening sessions',
    cost: 'Typically included in the course; about $150 to $300 if booked as a separate module',
  },
  {
    name: 'Open Water',
    summary: 'Repeat your skills in the ocean over four training dives, typically from the shore or a day boat.',
    whatHappens: [
      'Complete four open water dives to a maximum depth of 18 metres with your instructor.',
      'Plan each dive, enter and exit safely, navigate with a compass and manage your air.',
      'Get used to real conditions: surge, current, cooler water and limited visibility.',
    ],
    duration: '2 days, or 3 to 4 days on a Great Barrier Reef liveaboard',
    cost: 'About $300 to $500 for shore or local boat dives; reef trips and liveaboards cost more',
  },
  {
    name: 'Certified Diver',
    summary: 'You receive an Open Water certification that lets you dive with a buddy to 18 metres anywhere in the world.',
    whatHappens: [
      'Your instructor signs off your training records and the agency issues your digital card.',
      'You can hire gear, fill tanks and book dives with dive operators worldwide.',
      'Log every dive, keep your skills fresh and consider an Advanced or Rescue course next.',
    ],
    duration: 'The whole course usually takes 3 to 5 days in total',
    cost: 'A complete Open Water course in Australia typically costs $500 to $900; reef-based courses are often $800 to $1,500',
  },
];

const safetyTips: { title: string; detail: ReactNode }[] = [
  {
    title: 'Never hold your breath.',
    detail:
      'Breathe slowly and continuously, especially while ascending. Expanding air in your lungs can cause a lung over-expansion injury even in a swimming pool.',
  },
  {
    title: 'Equalise early and often.',
    detail:
      'Equalise your ears at the surface and every metre or so on the way down, before you feel discomfort. If it will not clear, ascend a little and try again, and never force it.',
  },
  {
    title: 'Plan the dive and dive the plan.',
    detail: 'Agree on maximum depth, time, turn-around air pressure, route and hand signals with your buddy before you enter the water, and stick to it.',
  },
  {
    title: 'Do a buddy check every dive.',
    detail:
      'Check each other’s BCD, weights, releases, air and final OK before entering. Stay within reach of your buddy and agree what to do if you get separated.',
  },
  {
    title: 'Ascend slowly and make a safety stop.',
    detail: 'Ascend no faster than 9 to 18 metres per minute, following your computer, and make a 3-minute safety stop at 5 metres at the end of every dive.',
  },
  {
    title: 'Do not fly too soon after diving.',
    detail:
      'Divers Alert Network (DAN) suggests a minimum surface interval before flying of 12 hours after a single no-decompression dive, 18 hours after multiple dives per day or multiple days of diving, and substantially longer than 18 hours after dives needing decompression stops. Driving over high mountain passes counts as flying.',
  },
  {
    title: 'Respect stinger season in tropical Queensland.',
    detail:
      'From roughly November to May, box jellyfish and Irukandji are present in tropical waters. Wear a full-length stinger suit or wetsuit and carry vinegar for first aid.',
  },
  {
    title: 'Get a dive medical when you need one.',
    detail:
      'Answer the medical questionnaire honestly. If you answer yes to any question, or your dive school or employer requires it, see a doctor for a dive medical to the Australian Standard AS 4005.1.',
  },
  {
    title: 'Get dive accident insurance.',
    detail:
      'Standard travel and health insurance often excludes scuba diving. Dive-specific cover such as DAN (Divers Alert Network) insurance covers evacuation and recompression chamber treatment.',
  },
  {
    title: 'Know who to call in an emergency.',
    detail: (
      <>
        Call <PhoneLink number="000" /> for an ambulance. For diving-specific advice, the Diver Emergency Service (DES Australia) runs a 24-hour hotline on{' '}
        <PhoneLink number="1800 088 200" />.
      </>
    ),
  },
];

export function LearnToDivePage() {
  return (
    <StaticPage>
      <PageIntro eyebrow="Learn to dive" title="How to learn to scuba dive in Australia">
        Australia is one of the best places in the world to learn to dive, from the Great Barrier Reef and Ningaloo to the temperate kelp forests of Sydney,
        Melbourne and Tasmania. Most people start with an entry-level Open Water course run by a recognised training agency such as PADI, SSI or NAUI. Here is
        what to expect, how long it takes and roughly what it costs.
      </PageIntro>

      <Section id="learning-path" title="Your learning path in four steps" className="mb-12">
        <p className="mt-2 max-w-3xl">
          Prices are indicative only, in Australian dollars, and vary by city, season and dive centre. Always check what is included: eLearning, gear hire, boat
          fees, reef tax and certification fees.
        </p>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step.name} className={`${CARD} p-6`}>
              <div className="flex items-center gap-3">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-sky-700 text-sm font-bold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="text-xl font-semibold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.name}
                </h3>
              </div>
              <p className="mt-3">{step.summary}</p>
              <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-teal-700">What happens</h4>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {step.whatHappens.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <dl className="mt-4 grid gap-2 text-sm">
                <div>
                  <dt className="font-semibold text-slate-900">How long</dt>
                  <dd>{step.duration}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">Typical cost (AUD)</dt>
                  <dd>{step.cost}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
        <p className="mt-6 rounded-2xl bg-sky-50 p-4 text-sm ring-1 ring-sky-100">
          Budget tip: most schools supply the scuba unit, wetsuit and weights, but ask you to bring or buy your own mask, snorkel, fins and boots. A good,
          well-fitting set usually costs $150 to $400.
        </p>
      </Section>

      <Section id="safety-tips" title="Safety tips every new diver should know" className="mb-12">
        <p className="mt-2 max-w-3xl">
          Scuba diving has an excellent safety record when divers are trained, fit and follow a few simple rules. These tips supplement your training; they do
          not replace it.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {safetyTips.map((tip) => (
            <li key={tip.title} className={`${CARD} p-5`}>
              <p className="font-semibold text-slate-900">{tip.title}</p>
              <p className="mt-1 text-sm leading-relaxed">{tip.detail}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="next-steps" title="Ready for the next step?" className={`${CARD} p-6`}>
        <p className="mt-2">
          Read our independent reviews before you buy your first mask, fins or dive computer, or send us your questions about courses and dive sites.
        </p>
        <ul className="mt-4 flex flex-wrap gap-3">
          <li>
            <a href="/gear-reviews" className="inline-block rounded-full bg-sky-700 px-5 py-2 font-semibold text-white hover:bg-sky-800">
              Choose your first gear
            </a>
          </li>
          <li>
            <a href="/contact" className="inline-block rounded-full px-5 py-2 font-semibold text-sky-700 ring-1 ring-sky-200 hover:bg-sky-50">
              Ask us a question
            </a>
          </li>
        </ul>
      </Section>
    </StaticPage>
  );
}
