import { outboundPath } from 'core/outbound';
import { IMAGE_SIZES } from 'core/images';
import { ResponsiveImage } from 'views/components/ResponsiveImage';
import type { ReviewResponse } from 'core/api/reviews';
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
}

function CheckPrice({ review, events }: { review: ReviewResponse<Date>; events: string }) {
  return (
    <a
      href={outboundPath('review', review.slug)}
      title={review.purchaseLink}
      target="_blank"
      rel="sponsored nofollow noopener"
      data-track={events}
      data-track-label={review.title}
      className="inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-500 px-6 py-3 font-semibold text-slate-900 hover:bg-amber-400"
    >
      Check Price
      <span className="sr-only"> for {review.title} (affiliate link, opens in a new tab)</span>
    </a>
  );
}

export function ReviewPage({ review, bodyHtml, breadcrumbs }: ReviewPageProps) {
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
      <ResponsiveImage
        src={review.imageUrl}
        alt={review.title}
        width={1200}
        height={800}
        sizes={IMAGE_SIZES.column}
        review
        priority
        fallback="review"
        className="mt-6 aspect-[3/2] w-full rounded-2xl object-cover"
      />

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
          <CheckPrice review={review} events="affiliate_click purchase_intent" />
        </aside>
      )}

      {bodyHtml === null ? <p className="mt-8 whitespace-pre-line text-slate-700">{review.content}</p> : <RichText html={bodyHtml} className="mt-8" />}

      <section className="mt-12 rounded-2xl bg-[#0b2545] p-8 text-white">
        <h2 className="text-2xl font-bold">Ready to upgrade your diving gear?</h2>
        <p className="mt-2 text-slate-200">Check today's price with the retailer, or keep comparing.</p>
        <p className="mt-1 text-xs text-slate-300">Affiliate Link - We earn from qualified purchases</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {review.purchaseLink && <CheckPrice review={review} events="affiliate_click_bottom purchase_intent" />}
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
