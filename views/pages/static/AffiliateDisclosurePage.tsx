export const meta = {
  title: 'Affiliate Disclosure',
  description:
    'How Australian Dive Guide earns from affiliate links, why it never changes the price you pay, and how we keep our scuba gear reviews honest and independent.',
};

export function AffiliateDisclosurePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 text-slate-700">
      <header className="mb-8">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Affiliate disclosure</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated: 4 July 2025</p>
      </header>

      <div className="rounded-2xl bg-sky-50 p-6 ring-1 ring-sky-100">
        <p className="text-lg leading-relaxed text-slate-800">
          <strong>In short:</strong> some links on Australian Dive Guide are affiliate links. If you click one and buy something, we may earn a commission. You
          pay the same price either way, and what we earn never changes what we say about a product.
        </p>
      </div>

      <div className="mt-10 space-y-10">
        <section aria-labelledby="how-we-earn">
          <h2 id="how-we-earn" className="text-2xl font-bold text-slate-900">
            How we earn money
          </h2>
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
        </section>

        <section aria-labelledby="price">
          <h2 id="price" className="text-2xl font-bold text-slate-900">
            It never changes the price you pay
          </h2>
          <p className="mt-3 leading-relaxed">
            Using an affiliate link does not add anything to your cost. The retailer pays the commission out of its own margin. You see the same price, the same
            shipping options and the same returns policy as if you had gone to the shop directly. Your purchase is a contract with the retailer, not with us, so
            the retailer handles orders, delivery, warranties and refunds.
          </p>
        </section>

        <section aria-labelledby="independence">
          <h2 id="independence" className="text-2xl font-bold text-slate-900">
            How our reviews stay independent
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">No paid reviews</p>
              <p className="mt-1 text-sm leading-relaxed">
                Brands and retailers cannot pay for a review, a higher rating or a place in our &ldquo;best of&rdquo; lists.
              </p>
            </li>
            <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">Verdicts come first</p>
              <p className="mt-1 text-sm leading-relaxed">
                We decide ratings after testing, before we look at which retailers stock a product or what commission they offer. We recommend products with no
                affiliate program when they are the best choice.
              </p>
            </li>
            <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">Loaned and free gear is disclosed</p>
              <p className="mt-1 text-sm leading-relaxed">
                If a manufacturer lends or gives us an item to test, we say so in the review. Providing gear does not give a brand any say over what we publish,
                and brands do not see reviews before publication.
              </p>
            </li>
            <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">We report the downsides</p>
              <p className="mt-1 text-sm leading-relaxed">
                Every review lists weaknesses as well as strengths, and we update or withdraw recommendations when a product changes or long-term testing
                reveals problems.
              </p>
            </li>
          </ul>
        </section>

        <section aria-labelledby="identify">
          <h2 id="identify" className="text-2xl font-bold text-slate-900">
            How to spot an affiliate link
          </h2>
          <p className="mt-3 leading-relaxed">
            Pages that contain affiliate links carry a short notice near the top. Buttons such as &ldquo;Check price&rdquo; or &ldquo;Buy now&rdquo; that lead
            to a retailer are usually affiliate links. If you prefer not to use them, you can search for the product directly on the retailer&rsquo;s website;
            our review will be just as useful.
          </p>
        </section>

        <section aria-labelledby="accc">
          <h2 id="accc" className="text-2xl font-bold text-slate-900">
            Australian consumer law and ACCC guidance
          </h2>
          <p className="mt-3 leading-relaxed">
            The Australian Consumer Law prohibits misleading or deceptive conduct, and the Australian Competition and Consumer Commission (ACCC) has published
            guidance on online reviews, endorsements and influencer marketing. That guidance says commercial relationships must be disclosed clearly, and that
            reviews must not be presented in a way that misleads readers. This page, and the notices on pages with affiliate links, are how we meet that
            standard. You can read the ACCC&rsquo;s guidance at{' '}
            <a href="https://www.accc.gov.au" className="font-semibold text-sky-700 underline hover:text-sky-900">
              accc.gov.au
            </a>
            .
          </p>
        </section>

        <section aria-labelledby="questions" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="questions" className="text-2xl font-bold text-slate-900">
            Questions
          </h2>
          <p className="mt-3 leading-relaxed">
            If you have a question about a review or about how we make money, please{' '}
            <a href="/contact" className="font-semibold text-sky-700 underline hover:text-sky-900">
              contact us
            </a>
            . You can also read more{' '}
            <a href="/about" className="font-semibold text-sky-700 underline hover:text-sky-900">
              about Australian Dive Guide
            </a>{' '}
            and how we test{' '}
            <a href="/gear-reviews" className="font-semibold text-sky-700 underline hover:text-sky-900">
              dive gear
            </a>
            .
          </p>
        </section>
      </div>
    </div>
  );
}
