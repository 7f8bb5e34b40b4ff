import { CARD, DatedIntro, Section, StaticPage, TextLink } from './parts';

export const meta = {
  title: 'Terms of Service',
  description:
    'Terms for using Australian Dive Guide: our content, diving safety, comments and ratings, affiliate links, liability under Australian Consumer Law and NSW law.',
};

export function TermsOfServicePage() {
  return (
    <StaticPage>
      <DatedIntro title="Terms of service" dated="Effective date: 4 July 2025" datedClassName="font-semibold text-slate-900">
        These terms apply to your use of the Australian Dive Guide website, including our articles, gear reviews, dive-site map, learn-to-dive guide,
        newsletter, comments and ratings. By using the site you agree to these terms. If you do not agree, please do not use the site.
      </DatedIntro>

      <aside aria-labelledby="safety-warning" className="mb-10 rounded-2xl bg-cyan-50 p-6 ring-1 ring-cyan-200">
        <p id="safety-warning" className="text-lg font-semibold text-slate-900">
          Scuba diving is dangerous
        </p>
        <p className="mt-2 leading-relaxed">
          Diving carries real risks, including drowning, decompression illness, lung over-expansion injuries and injuries from marine life. Our information is
          general and is not a substitute for training by a qualified instructor, a medical assessment, or local advice from dive operators on the day.
        </p>
      </aside>

      <div className="space-y-10">
        <Section id="content" title="1. Use of our content">
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed">
            <li>
              Text, photos, maps, graphics and other material on the site are owned by Australian Dive Guide or used with permission, and are protected by
              copyright.
            </li>
            <li>
              You may read, print and share links to our pages for personal, non-commercial use, and quote short extracts with a credit and a link back to the
              original page.
            </li>
            <li>
              You must not copy, republish, sell or scrape our content, including dive-site data and reviews, in bulk or for commercial purposes without our
              written permission.
            </li>
            <li>
              You must not use the site in a way that is unlawful, interferes with its operation, or tries to gain unauthorised access to the site or its
              administration area.
            </li>
          </ul>
        </Section>

        <Section id="diving-risk" title="2. Diving information is not a substitute for training">
          <p className="mt-3 leading-relaxed">
            We work hard to keep our articles, safety tips and dive-site information accurate, but conditions change. Depths, currents, visibility, access,
            marine park rules and operator details may be out of date or not suit your experience level. Before any dive you should:
          </p>
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed">
            <li>hold a certification from a recognised training agency appropriate to the dive;</li>
            <li>be medically fit to dive and get a dive medical where required;</li>
            <li>check local conditions, tides, weather and regulations with local operators or authorities;</li>
            <li>dive within your training and experience, with a buddy and a dive plan.</li>
          </ul>
          <p className="mt-3 leading-relaxed">You are responsible for your own decisions about whether, where and how to dive.</p>
        </Section>

        <Section id="contributions" title="3. Comments, ratings and moderation">
          <p className="mt-3 leading-relaxed">You can post comments on articles and rate dive sites. When you do, you agree that:</p>
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed">
            <li>your contribution is honest, based on your own experience and lawful;</li>
            <li>it is not defamatory, abusive, discriminatory, obscene, misleading, spam or advertising, and does not infringe anyone else&rsquo;s rights;</li>
            <li>you will not rate the same dive site repeatedly or use automated tools to submit ratings;</li>
            <li>you give us a non-exclusive, royalty-free licence to publish, display and moderate your contribution on the site.</li>
          </ul>
          <p className="mt-3 leading-relaxed">
            We may review, hold for approval, edit for length or formatting, refuse or remove any comment or rating at our discretion, including to prevent
            spam. Contributions express the views of their authors, not ours. To report a comment, please <TextLink href="/contact">contact us</TextLink>. Our{' '}
            <TextLink href="/privacy-policy">privacy policy</TextLink> explains how we handle information you give us with your contribution.
          </p>
        </Section>

        <Section id="affiliate" title="4. Affiliate links and third-party sites">
          <p className="mt-3 leading-relaxed">
            Some links on the site are affiliate links, and we may earn a commission if you buy through them, at no extra cost to you. Any purchase is a
            contract between you and the retailer, who is responsible for the product, price, delivery, warranty and returns. We do not control third-party
            websites and are not responsible for their content or practices. See our <TextLink href="/affiliate-disclosure">affiliate disclosure</TextLink> for
            details.
          </p>
        </Section>

        <Section id="liability" title="5. Australian Consumer Law and limitation of liability">
          <p className="mt-3 leading-relaxed">
            Nothing in these terms excludes, restricts or modifies any right or remedy, or any guarantee, that you have under the Australian Consumer Law or
            other laws that cannot lawfully be excluded.
          </p>
          <p className="mt-3 leading-relaxed">Subject to that, and to the extent permitted by law:</p>
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed">
            <li>
              the site and its content are provided free of charge and as general information, and we do not promise that they will be complete, current or
              available without interruption;
            </li>
            <li>
              we are not liable for any loss, injury or damage arising from your reliance on information on the site, from diving activities, or from products
              or services bought from third parties;
            </li>
            <li>
              where our liability for a failure to comply with a consumer guarantee cannot be excluded but can be limited, it is limited to supplying the
              relevant services again or paying the cost of having them supplied again.
            </li>
          </ul>
        </Section>

        <Section id="newsletter" title="6. Newsletter">
          <p className="mt-3 leading-relaxed">
            Our newsletter is free and sent only to people who subscribe. You can unsubscribe at any time using the one-click link in every email.
          </p>
        </Section>

        <Section id="law" title="7. Governing law">
          <p className="mt-3 leading-relaxed">
            These terms are governed by the laws of New South Wales, Australia. You and we submit to the non-exclusive jurisdiction of the courts of New South
            Wales and the courts that can hear appeals from them.
          </p>
        </Section>

        <Section id="changes" title="8. Changes to these terms">
          <p className="mt-3 leading-relaxed">
            We may update these terms from time to time, for example when we add features or the law changes. We will publish the updated terms on this page
            with a new effective date. Changes apply from that date, and continuing to use the site after that means you accept the updated terms.
          </p>
        </Section>

        <Section id="contact" title="9. Contact" className={`${CARD} p-6`}>
          <p className="mt-3 leading-relaxed">
            Questions about these terms? Please <TextLink href="/contact">contact us</TextLink>.
          </p>
        </Section>
      </div>
    </StaticPage>
  );
}
