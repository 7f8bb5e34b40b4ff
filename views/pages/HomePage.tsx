import { IMAGE_SIZES } from 'core/images';
import { ResponsiveImage } from 'views/components/ResponsiveImage';
import type { ReactNode } from 'react';
import type { PublicSlide } from 'core/api/carousel';
import { Island } from 'views/islands/Island';
import { ContentCard, type ContentCardProps } from 'views/components/ContentCard';

/** A card of the home page's latest items: an article or a review. */
export type LatestItem = Pick<ContentCardProps, 'href' | 'title' | 'excerpt' | 'imageUrl' | 'category' | 'date' | 'rating'> & { kind: 'Article' | 'Review' };

export interface HomePageProps {
  slides: PublicSlide[];
  latest: LatestItem[];
  newsletter: ReactNode;
  /** Issue 46: 'Where to dive this weekend' (the WeekendSites island); null when no forecast is stored. */
  weekend?: ReactNode;
}

const SECTIONS = [
  {
    title: 'News',
    href: '/blog',
    text: 'Dive-site guides, safety advice, marine life and news from around Australia and the Pacific.',
    image: '/media/scene-turtle.svg',
    cta: 'Read the latest',
  },
  {
    title: 'Gear Reviews',
    href: '/gear-reviews',
    text: 'Honest reviews of dive computers, BCDs, regulators, wetsuits, masks, fins and cameras, tested in our waters.',
    image: '/media/gear-dive-computer.svg',
    cta: 'Compare gear',
  },
  {
    title: '244+ Dive Sites',
    href: '/dive-sites',
    text: 'A map and guide to reefs, wrecks, jetties and caves, from the Coral Sea to Tasmania and across the Pacific.',
    image: '/media/scene-wreck.svg',
    cta: 'Explore the map',
  },
];

export function HomePage({ slides, latest, newsletter, weekend = null }: HomePageProps) {
  return (
    <>
      <Island name="HeroCarousel" props={{ slides }} hydrate="idle" />

      <section aria-label="Explore" className="mx-auto mt-10 grid max-w-7xl gap-6 px-4 md:grid-cols-3">
        {SECTIONS.map((section) => (
          <a
            key={section.href}
            href={section.href}
            className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 hover:shadow-lg"
          >
            <ResponsiveImage
              src={section.image}
              alt=""
              width={1200}
              height={400}
              sizes={IMAGE_SIZES.section}
              maxWidth={1200}
              className="aspect-[3/1] w-full object-cover"
            />
            <div className="flex flex-1 flex-col p-6">
              <h2 className="text-xl font-bold text-slate-900 group-hover:text-cyan-800">{section.title}</h2>
              <p className="mt-2 flex-1 text-slate-600">{section.text}</p>
              <span className="mt-4 font-semibold text-cyan-700">{section.cta} →</span>
            </div>
          </a>
        ))}
      </section>

      {weekend}

      <section aria-labelledby="latest-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="latest-heading" className="text-3xl font-bold text-slate-900">
            Latest from the blog and reviews
          </h2>
          <div className="flex gap-4 text-sm font-semibold">
            <a href="/blog" className="text-cyan-700 hover:underline">
              View All Articles
            </a>
            <a href="/gear-reviews" className="text-cyan-700 hover:underline">
              View All Reviews
            </a>
          </div>
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {latest.map((item) => (
            <ContentCard key={item.href} {...item} />
          ))}
        </div>
      </section>

      <section aria-labelledby="newsletter-heading" className="bg-cyan-900 text-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 md:grid-cols-2 md:items-center">
          <div>
            <h2 id="newsletter-heading" className="text-3xl font-bold">
              Get our free guide: 10 Must-Have Items for Your First Dive Trip
            </h2>
            <p className="mt-3 text-cyan-100">
              Subscribe to the newsletter for new dive-site guides, gear reviews and safety tips, about twice a month. Unsubscribe with one click.
            </p>
          </div>
          <div>{newsletter}</div>
        </div>
      </section>
    </>
  );
}
