import { outboundPath, purchaseLabel, type CheckedOffer } from 'core/outbound';

import { LeadImage } from 'views/components/ResponsiveImage';
import type { ReviewResponse, ReviewSummary } from 'core/api/reviews';
import { priceWithCurrency } from 'core/price';
import { formatDate } from 'core/text';
import { Breadcrumbs, type Crumb } from 'views/components/Breadcrumbs';
import { RichText } from 'views/components/RichText';
import { Stars } from 'views/components/Stars';

export interface ReviewPageProps {
  review: ReviewResponse<Date>;
  /** Null when the body could not be formatted: the raw text is shown instead. */
  bodyHtml: string | null;
  breadcrumbs: Crumb[];
  /** The verdict box's content, from the review's own sections (absent: no box). */
  summary?: ReviewSummary;
  /** The price checked on the page the purchase link leads to, with its shop and day (issue 47); absent when none was checked. */
  offer?: CheckedOffer | null;
}

/**
 * SPEC's 'Check Price', naming where it lands (issue 47, core/outbound.ts `purchaseLabel`): the shop and,
 * when a price was checked on the product's own page, that price and the day ('A$1,449 at Scuba Warehouse,
 * checked 28 Nov 2026'); 'Search at {shop}' for a link to the shop's search.
 */
function CheckPrice({ review, offer, events }: { review: ReviewResponse<Date>; offer: CheckedOffer | null; events: string }) {
  const label = purchaseLabel(review.purchaseLink, offer);
  return (
    <a
      href={outboundPath('review', review.slug)}
      title={review.purchaseLink}
      target="_blank"
      rel="sponsored nofollow noopener"
      data-track={events}
      data-track-label={review.title}
      className="inline-flex min-h-11 flex-col items-center justify-center rounded-lg bg-amber-500 px-6 py-2 font-semibold text-slate-900 hover:bg-amber-400"
    >
      Check Price
      {label && (
        <span className="text-xs font-medium" data-testid="shop">
          {` ${label}`}
        </span>
      )}
      <span className="sr-only"> for {review.title} (affiliate link, opens in a new tab)</span>
    </a>
  );
}

/** The verdict at the top (issue 47): the score, whom it suits, three pros and three cons, from the review itself. */
function Verdict({ review, summary }: { review: ReviewResponse<Date>; summary: ReviewSummary }) {
  if (!summary.suits && summary.pros.length === 0 && summary.cons.length === 0) return null;
  return (
    <section aria-labelledby="verdict-heading" data-testid="verdict" className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="verdict-heading" className="text-2xl font-semibold text-slate-900">
          The verdict
        </h2>
        {review.rating && (
          <p className="font-serif text-3xl font-semibold text-slate-900" data-testid="verdict-score">
            {review.rating}
            <span className="meta text-base"> out of 5</span>
          </p>
        )}
      </div>
      {summary.suits && (
        <p className="mt-3 text-slate-700">
          <span className="font-semibold text-slate-900">Who it suits: </span>
          {summary.suits}
        </p>
      )}
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <PointList title="Pros" points={summary.pros} mark="+" tone="emerald" />
        <PointList title="Cons" points={summary.cons} mark="−" tone="red" />
      </div>
    </section>
  );
}

/** The pros or the cons of a review, each with its mark; nothing when there are none. */
function PointList({ title, points, mark, tone }: { title: string; points: string[]; mark: string; tone: 'emerald' | 'red' }) {
  if (points.length === 0) return null;
  // Whole class names, so that Tailwind finds them in the source.
  const colour = tone === 'emerald' ? { heading: 'text-emerald-800', mark: 'text-emerald-700' } : { heading: 'text-red-800', mark: 'text-red-700' };
  return (
    <div>
      <h3 className={`eyebrow ${colour.heading}`}>{title}</h3>
      <ul className="mt-2 space-y-1.5 text-sm text-slate-700" aria-label={title}>
        {points.map((point) => (
          <li key={point} className="flex gap-2">
            <span aria-hidden="true" className={`font-bold ${colour.mark}`}>
              {mark}
            </span>
            {point}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What it is, what it cost when reviewed, the score and its features, as a table. */
function Specification({ review, summary }: { review: ReviewResponse<Date>; summary: ReviewSummary }) {
  const row = 'border-t border-slate-200 align-top';
  const head = 'w-1/3 py-2 pr-4 text-left text-sm font-medium text-slate-500';
  return (
    <section aria-labelledby="specification-heading" className="mt-8">
      <h2 id="specification-heading" className="text-xl font-semibold text-slate-900">
        Specification
      </h2>
      <table className="mt-3 w-full text-slate-800" data-testid="specification">
        <tbody>
          <tr className={row}>
            <th scope="row" className={head}>
              Category
            </th>
            <td className="py-2">{review.category}</td>
          </tr>
          {review.price?.trim() && (
            <tr className={row}>
              <th scope="row" className={head}>
                Price at review
              </th>
              <td className="py-2">
                {priceWithCurrency(review.price)}, <time dateTime={review.createdAt.toISOString()}>{formatDate(review.createdAt)}</time>
              </td>
            </tr>
          )}
          {review.rating && (
            <tr className={row}>
              <th scope="row" className={head}>
                Our score
              </th>
              <td className="py-2">{review.rating} out of 5</td>
            </tr>
          )}
          {summary.features.length > 0 && (
            <tr className={row}>
              <th scope="row" className={head}>
                Key features
              </th>
              <td className="py-2">
                <ul className="list-disc space-y-1 pl-5 text-sm">
                  {summary.features.map((feature) => (
                    <li key={feature.detail}>
                      {feature.name && <span className="font-semibold">{feature.name}: </span>}
                      {feature.detail}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

export function ReviewPage({ review, bodyHtml, breadcrumbs, summary, offer = null }: ReviewPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <div hidden data-analytics-event="review_view" data-analytics-label={review.title} data-analytics-group="Gear Reviews" />
      <Breadcrumbs items={breadcrumbs} />
      <a href="/gear-reviews" className="mt-6 inline-block text-sm font-semibold text-cyan-700 hover:underline">
        ← Back to Gear Reviews
      </a>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="eyebrow rounded-full bg-cyan-50 px-3 py-1 text-cyan-800">{review.category}</span>
        <Stars rating={review.rating} />
      </div>
      <h1 className="mt-3 text-[2.125rem] leading-tight font-semibold text-slate-900 sm:text-display">{review.title}</h1>
      <p className="meta mt-3">
        By {review.author} · Expert Gear Review · <time dateTime={review.createdAt.toISOString()}>{formatDate(review.createdAt)}</time>
      </p>
      <p className="mt-4 text-lg text-slate-600">{review.excerpt}</p>
      <LeadImage src={review.imageUrl} alt={review.title} review className="mt-6" />

      {summary && <Verdict review={review} summary={summary} />}

      {review.purchaseLink && (
        <aside
          aria-label="Affiliate link"
          className="mt-8 flex flex-col gap-4 rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <p className="font-semibold text-slate-900">Interested in this gear?</p>
            <p className="text-sm text-slate-600">Affiliate Link - We earn from qualified purchases</p>
            {review.price?.trim() && <p className="mt-1 text-sm text-slate-700">Price at review: {priceWithCurrency(review.price)}</p>}
          </div>
          <CheckPrice review={review} offer={offer} events="affiliate_click purchase_intent" />
        </aside>
      )}

      {summary && <Specification review={review} summary={summary} />}

      {bodyHtml === null ? <p className="mt-8 whitespace-pre-line text-slate-700">{review.content}</p> : <RichText html={bodyHtml} className="mt-8" />}

      <section className="mt-12 rounded-2xl bg-[#0b2545] p-8 text-white">
        <h2 className="text-2xl font-bold">Ready to upgrade your diving gear?</h2>
        <p className="mt-2 text-slate-200">Check today's price with the retailer, or keep comparing.</p>
        <p className="mt-1 text-xs text-slate-300">Affiliate Link - We earn from qualified purchases</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {review.purchaseLink && <CheckPrice review={review} offer={offer} events="affiliate_click_bottom purchase_intent" />}
          <a
            href="/gear-reviews"
            className="inline-flex min-h-11 items-center rounded-lg px-6 py-3 font-semibold text-white ring-1 ring-white/70 hover:bg-white/10"
          >
            Browse More Reviews
          </a>
        </div>
      </section>
    </article>
  );
}

export function ReviewNotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Review Not Found</h1>
      <p className="mt-4 text-slate-600">The gear review you're looking for doesn't exist or has been removed.</p>
      <a href="/gear-reviews" className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-3 font-semibold text-white hover:bg-cyan-800">
        Back to Reviews
      </a>
    </section>
  );
}
