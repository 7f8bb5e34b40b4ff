import { createElement } from 'react';
import { formatDate } from 'core/text';
import type { Article } from 'src/articles/article.entity';
import type { CarouselVideo } from 'src/carousel/carousel-video.entity';
import { toPublicSlide } from 'src/carousel/carousel.response';
import { byPublishedThenCreatedDesc } from 'src/publishing/published-at';
import type { PageView, SiteAddress } from 'src/render/page-meta';
import type { Review } from 'src/reviews/review.entity';
import { Island } from 'views/islands/Island';
import type { HomePageProps, LatestItem } from 'views/pages/HomePage';

export const HOME_LATEST_COUNT = 3;

/** The home page: the carousel, the three newest items mixing articles and published reviews (SPEC section 2), the sign-up. */
export function presentHome(data: { articles: Article[]; reviews: Review[]; slides: CarouselVideo[] }, address: SiteAddress): PageView<HomePageProps> {
  return {
    meta: {
      title: 'Australian Dive Guide - Scuba Diving in Australia & the Pacific',
      fullTitle: true,
      description: 'Scuba diving in Australia and the Pacific: dive-site guides, honest gear reviews, safety advice, learn-to-dive help and diving news.',
      path: '/',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: address.siteName, url: address.absoluteUrl('/') }],
    },
    props: {
      slides: data.slides.map(toPublicSlide),
      latest: latestItems(data.articles, data.reviews),
      newsletter: createElement(Island, { name: 'NewsletterSignup', props: { source: 'home' }, hydrate: 'visible' }),
    },
  };
}

/** The HOME_LATEST_COUNT newest of both lists (each in the mix's order, so their first few hold the newest of both). */
export function latestItems(articles: Article[], reviews: Review[]): LatestItem[] {
  const card = (kind: LatestItem['kind'], href: string, item: Article | Review): LatestItem => ({
    kind,
    href,
    title: item.title,
    excerpt: item.excerpt,
    imageUrl: item.imageUrl,
    category: item.category,
    date: formatDate(item.publishedAt ?? item.createdAt),
  });
  return [
    ...articles.map((item) => ({ item, card: card('Article', `/blog/${item.slug}`, item) })),
    ...reviews.map((item) => ({ item, card: { ...card('Review', `/gear-reviews/${item.slug}`, item), rating: item.rating } })),
  ]
    .sort((a, b) => byPublishedThenCreatedDesc(a.item, b.item))
    .slice(0, HOME_LATEST_COUNT)
    .map((entry) => entry.card);
}
