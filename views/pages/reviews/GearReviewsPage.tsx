import { outboundPath, type CheckedOffer } from 'core/outbound';
import { IMAGE_SIZES, isIllustration } from 'core/images';
import { CardImage } from 'views/components/ResponsiveImage';
import { PageHero } from 'views/components/PageHero';
import type { ReviewListItem } from 'core/api/reviews';
import { formatDate } from 'core/text';
import { CategoryFilter } from 'views/components/CategoryFilter';
import { ContentCard } from 'views/components/ContentCard';
import { Pagination } from 'views/components/Pagination';
import type { PageLinks } from 'core/pagination';
import { Stars } from 'views/components/Stars';
import { ProductCard, type ProductCardItem } from 'views/components/ProductCard';
import { DiveComputerGuide } from './DiveComputerGuide';

export interface GearReviewsPageProps {
  hero: { name: string; region: string; imageUrl: string; href: string } | null;
  latest: ReviewListItem<Date> | null;
  reviews: ReviewListItem<Date>[];
  categories: readonly string[];
  category: string | null;
  search: string | null;
  pages: PageLinks;
  /** With a search: the products it finds (the global search's product results lead here). */
  products?: ProductCardItem[];
  /** The prices checked on the pages the reviews' purchase links lead to (issue 47), by link. */
  offers?: Record<string, CheckedOffer>;
}

export function GearReviewsPage({ hero, latest, reviews, categories, category, search, pages, products = [], offers = {} }: GearReviewsPageProps) {
  const options = [
    { label: 'All Reviews', href: '/gear-reviews', active: !category },
    ...categories.map((name) => ({ label: name, href: `/gear-reviews?category=${encodeURIComponent(name)}`, active: category === name })),
  ];
  return (
    <>
      <PageHero image={hero?.imageUrl ?? '/media/scene-drift.svg'} eyebrow="Honest, tested in Australian water">
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold leading-tight sm:text-5xl">Scuba Gear Reviews</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-100">
          Dive computers, BCDs, regulators, wetsuits, masks, fins and cameras, reviewed by divers on real Australian and Pacific dives, with prices in AUD.
        </p>
        {hero && (
          <p className="mt-6 text-sm text-slate-200">
            {/* A drawing is not captioned as the place (issue 47): only a photo of it is 'Pictured'. */}
            {isIllustration(hero.imageUrl) ? 'Featured site' : 'Pictured'}: {hero.name}, {hero.region}.{' '}
            <a href={hero.href} className="font-semibold text-white underline">
              Read about diving {hero.name}
            </a>
          </p>
        )}
      </PageHero>

      <div className="mx-auto max-w-7xl px-4 py-10">
        {latest && !category && !search && pages.page === 1 && (
          <section aria-labelledby="latest-review" className="mb-12 grid overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:grid-cols-2">
            <CardImage src={latest.imageUrl} sizes={IMAGE_SIZES.half} fallback="box" fill />
            <div className="flex flex-col justify-center gap-3 p-8">
              <h2 id="latest-review" className="text-sm font-semibold uppercase tracking-wide text-cyan-800">
                Latest Gear Review
              </h2>
              <p className="text-2xl font-bold text-slate-900">
                <a href={`/gear-reviews/${latest.slug}`} className="hover:text-cyan-800">
                  {latest.title}
                </a>
              </p>
              <p className="flex items-center gap-3 text-sm text-slate-600">
                <span>{latest.category}</span>
                <Stars rating={latest.rating} />
                <span>{formatDate(latest.createdAt)}</span>
              </p>
              <p className="text-slate-600">{latest.excerpt}</p>
              <a
                href={`/gear-reviews/${latest.slug}`}
                className="mt-2 inline-flex min-h-11 w-fit items-center rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800"
              >
                Read the review
              </a>
            </div>
          </section>
        )}

        <CategoryFilter label="Review categories" options={options} />
        {search && (
          <p className="mt-6 text-slate-700">
            Showing reviews matching "<strong>{search}</strong>".{' '}
            <a href="/gear-reviews" className="font-semibold text-cyan-700 underline">
              Show all reviews
            </a>
          </p>
        )}
        {category === 'Dive Computers' && <DiveComputerGuide />}
        {category === 'Dive Computers' && <h2 className="mt-10 text-2xl font-bold text-slate-900">All Dive Computers</h2>}

        {products.length > 0 && (
          <section aria-labelledby="matching-products" className="mt-8">
            <h2 id="matching-products" className="text-2xl font-bold text-slate-900">
              {products.length === 1 ? 'Product' : 'Products'} matching "{search}"
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </div>
          </section>
        )}
        {products.length > 0 && reviews.length > 0 && <h2 className="mt-10 text-2xl font-bold text-slate-900">Reviews matching "{search}"</h2>}

        {reviews.length === 0 && products.length > 0 ? null : reviews.length === 0 ? (
          <div className="mt-12 rounded-2xl bg-white p-10 text-center ring-1 ring-slate-200">
            <h2 className="text-xl font-bold text-slate-900">No products found</h2>
            <p className="mt-2 text-slate-600">
              {category
                ? `No products available in the "${category}" category yet. Check back soon for new reviews!`
                : 'No reviews match your search yet. Check back soon for new reviews!'}
            </p>
          </div>
        ) : (
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <ContentCard
                key={review.id}
                href={`/gear-reviews/${review.slug}`}
                title={review.title}
                excerpt={review.excerpt}
                imageUrl={review.imageUrl}
                category={review.category}
                date={formatDate(review.publishedAt ?? review.createdAt)}
                rating={review.rating}
                price={review.price}
                purchaseLink={review.purchaseLink || undefined}
                purchaseHref={outboundPath('review', review.slug)}
                offer={offers[review.purchaseLink] ?? null}
              />
            ))}
          </div>
        )}
        <Pagination links={pages} label="Review pages" />
        <p className="mt-6 text-xs text-slate-500">
          Affiliate Link - We earn from qualified purchases. 'Check Price' opens the retailer in a new tab; the price is the same for you.
        </p>

        <section className="mt-14 rounded-2xl bg-cyan-50 p-8 text-center ring-1 ring-cyan-100">
          <h2 className="text-xl font-bold text-slate-900">Want us to review something?</h2>
          <p className="mt-2 text-slate-700">Tell us which piece of dive gear you'd like tested in Australian conditions.</p>
          <a href="/contact" className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-cyan-700 px-5 py-2 font-semibold text-white hover:bg-cyan-800">
            Suggest a Product
          </a>
        </section>
      </div>
    </>
  );
}
