import { Controller, Get } from '@nestjs/common';
import { ArticlesService } from 'src/articles/articles.service';
import { toPublicSlide } from 'src/carousel/carousel.response';
import { CarouselService } from 'src/carousel/carousel.service';
import { Html } from 'src/common/html.decorator';
import { byPublishedThenCreatedDesc } from 'src/publishing/published-at';
import { formatDate } from 'core/text';
import { RenderService } from 'src/render/render.service';
import { ReviewsService } from 'src/reviews/reviews.service';
import { HomePage, type LatestItem } from 'views/pages/HomePage';
import { Island } from 'views/islands/Island';
import { CacheTags, Tag } from 'src/common/cache-tags';

export const HOME_LATEST_COUNT = 3;

@Controller()
export class HomePagesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly reviews: ReviewsService,
    private readonly carousel: CarouselService,
    private readonly render: RenderService,
  ) {}

  @Get()
  @Html()
  @CacheTags(Tag.home, Tag.articles, Tag.reviews, Tag.carousel)
  async home(): Promise<string> {
    const [articles, reviews, slides] = await Promise.all([
      // Each list in the same order as the mix, so the 3 newest of each hold the 3 newest of both.
      this.articles.listPublished({ limit: HOME_LATEST_COUNT }),
      this.reviews.listPublished({ limit: HOME_LATEST_COUNT }),
      this.carousel.listPublished(),
    ]);
    // The three newest items, mixing articles and published reviews (SPEC section 2).
    const latest: LatestItem[] = [
      ...articles.map((a) => ({
        item: a,
        card: {
          kind: 'Article' as const,
          href: `/blog/${a.slug}`,
          title: a.title,
          excerpt: a.excerpt,
          imageUrl: a.imageUrl,
          category: a.category,
          date: formatDate(a.publishedAt ?? a.createdAt),
        },
      })),
      ...reviews.map((r) => ({
        item: r,
        card: {
          kind: 'Review' as const,
          href: `/gear-reviews/${r.slug}`,
          title: r.title,
          excerpt: r.excerpt,
          imageUrl: r.imageUrl,
          category: r.category,
          date: formatDate(r.publishedAt ?? r.createdAt),
          rating: r.rating,
        },
      })),
    ]
      .sort((a, b) => byPublishedThenCreatedDesc(a.item, b.item))
      .slice(0, HOME_LATEST_COUNT)
      .map((entry) => entry.card);
    return this.render.page(
      {
        title: 'Australian Dive Guide - Scuba Diving in Australia & the Pacific',
        fullTitle: true,
        description:
          'Scuba diving in Australia and the Pacific: guides to 244+ dive sites, honest gear reviews, safety advice, learn-to-dive help and diving news.',
        path: '/',
        jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: this.render.siteName, url: this.render.absoluteUrl('/') }],
      },
      <HomePage
        slides={slides.map(toPublicSlide)}
        latest={latest}
        newsletter={<Island name="NewsletterSignup" props={{ source: 'home' }} hydrate="visible" />}
      />,
    );
  }
}
