import { CARD, DatedIntro, Section, StaticPage, TextLink } from './parts';

export const meta = {
  title: 'Affiliate Disclosure',
  description:
    'How Australian Dive Guide earns from affiliate links, why it never changes the price you pay, and how we keep our scuba gear reviews honest and independent.',
};

export function AffiliateDisclosurePage() {
  return (
    <StaticPage>
      <DatedIntro title="Affiliate disclosure" dated="Last updated: 4 July 2025" />

      <div className="rounded-2xl bg-sky-50 p-6 ring-1 ring-sky-100">
        <p className="text-lg leading-relaxed text-slate-800">
          <strong>In short:</strong> some links on Australian Dive Guide are affiliate links. If you click one and buy something, we may earn a commission. You
          pay the same price either way, and what we earn never changes what we say about a product.
        </p>
      </div>

      <div className="mt-10 space-y-10">
        <Section id="how-we-earn" title="How we earn money">
          <p className="mt-3 leading-relaxed">
            Australian Dive Guide is free to read. We pay for gear testing, writing and hosting mainly through affiliate programs. When a gear review or article
            links to a retailer and you make a qualifying purchase after clicking that link, the retailer pays us a small percentage of the sale.
          </p>
          <ul className="mt-4 list-disc space-y-2 pl-5">
            <li>As an Amazon Associate, we earn from qualifying purchases made through links to Amazon.</li>
            <li>We also take part in affiliate programs run by other dive and outdoor retailers. The program that applies depends on the link you click.</li>
            <li>
              Commissions are usually a few per cent of the purchase price and are paid only if you complete a purchase within the retailer&rsquo;s tracking
              period.
            </li>
          </ul>
        </Section>

        <Section id="price" title="It never changes the price you pay">
          <p className="mt-3 leading-relaxed">
            Using an affiliate link does not add anything to your cost. The retailer pays the commission out of its own margin. You see the same price, the same
            shipping options and the same returns policy as if you had gone to the shop directly. Your purchase is a contract with the retailer, not with us, so
            the retailer handles orders, delivery, warranties and refunds.
          </p>
        </Section>

        <Section id="independence" title="How our reviews stay independent">
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            <li className={`${CARD} p-5`}>
              <p className="font-semibold text-slate-900">No paid reviews</p>
              <p className="mt-1 text-sm leading-relaxed">
                Brands and retailers cannot pay for a review, a higher rating or a place in our &ldquo;best of&rdquo; lists.
              </p>
            </li>
            <li className={`${CARD} p-5`}>
              <p className="font-semibold text-slate-900">Verdicts come first</p>
              <p className="mt-1 text-sm leading-relaxed">
                We decide ratings after testing, before we look at which retailers stock a product or what commission they offer. We recommend products with no
                affiliate program when they are the best choice.
              </p>
            </li>
            <li className={`${CARD} p-5`}>
              <p className="font-semibold text-slate-900">Loaned and free gear is disclosed</p>
              <p className="mt-1 text-sm leading-relaxed">
                If a manufacturer lends or gives us an item to test, we say so in the review. Providing gear does not give a brand any say over what we publish,
                and brands do not see reviews before publication.
              </p>
            </li>
            <li className={`${CARD} p-5`}>
              <p className="font-semibold text-slate-900">We report the downsides</p>
              <p className="mt-1 text-sm leading-relaxed">
                Every review lists weaknesses as well as strengths, and we update or withdraw recommendations when a product changes or long-term testing
                reveals problems.
              </p>
            </li>
          </ul>
        </Section>

        <Section id="identify" title="How to spot an affiliate link">
          <p className="mt-3 leading-relaxed">
            Pages that contain affiliate links carry a short notice near the top. Buttons such as &ldquo;Check price&rdquo; or &ldquo;Buy now&rdquo; that lead
            to a retailer are usually affiliate links. If you prefer not to use them, you can search for the product directly on the retailer&rsquo;s website;
            our review will be just as useful.
          </p>
        </Section>

        <Section id="accc" title="Australian consumer law and ACCC guidance">
          <p className="mt-3 leading-relaxed">
            The Australian Consumer Law prohibits misleading or deceptive conduct, and the Australian Competition and Consumer Commission (ACCC) has published
            guidance on online reviews, endorsements and influencer marketing. That guidance says commercial relationships must be disclosed clearly, and that
            reviews must not be presented in a way that misleads readers. This page, and the notices on pages with affiliate links, are how we meet that
            standard. You can read the ACCC&rsquo;s guidance at <TextLink href="https://www.accc.gov.au">accc.gov.au</TextLink>.
          </p>
        </Section>

        <Section id="questions" title="Questions" className={`${CARD} p-6`}>
          <p className="mt-3 leading-relaxed">
            If you have a question about a review or about how we make money, please <TextLink href="/contact">contact us</TextLink>. You can also read more{' '}
            <TextLink href="/about">about Australian Dive Guide</TextLink> and how we test <TextLink href="/gear-reviews">dive gear</TextLink>.
          </p>
        </Section>
      </div>
    </StaticPage>
  );
}
