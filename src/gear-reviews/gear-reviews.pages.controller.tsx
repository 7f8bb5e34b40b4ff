import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import { Repository } from 'typeorm';
import { Clock } from 'src/common/clock';
import { Html } from 'src/common/html.decorator';
import { metaDescription } from 'core/text';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { ProductsService } from 'src/products/products.service';
import { RenderService } from 'src/render/render.service';
import { PUBLIC_REVIEW_CATEGORIES } from 'core/categories';
import { reviewJsonLd } from 'src/reviews/review-structured-data';
import { toReviewListItem, toReviewResponse } from 'src/reviews/review.response';
import { ReviewsService } from 'src/reviews/reviews.service';
import { renderBody } from 'src/rich-text/render-body';
import { breadcrumbJsonLd } from 'views/components/Breadcrumbs';
import { GearReviewsPage } from 'views/pages/reviews/GearReviewsPage';
import { ReviewNotFoundPage, ReviewPage } from 'views/pages/reviews/ReviewPage';
import { isDatabaseUnavailable } from 'src/common/database-errors';
import { CacheTags, Tag, tagAnswer } from 'src/common/cache-tags';
import { LIST_PAGE_SIZE, pageLinks, pagePath, requestedPage } from 'src/common/pagination';

/** The most products a search on /gear-reviews lists (the seed has ten). */
const PRODUCTS_SHOWN = 12;

const HERO_FALLBACKS = ['/media/scene-coral-reef.svg', '/media/scene-wreck.svg', '/media/scene-drift.svg'];

@Controller('gear-reviews')
export class GearReviewsPagesController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly render: RenderService,
    private readonly clock: Clock,
    private readonly products: ProductsService,
    @InjectRepository(DiveSite) private readonly diveSites: Repository<DiveSite>,
  ) {}

  /** A random featured dive site that has a blog post, for the hero (SPEC section 2): one row read. */
  private async heroSite() {
    const site = await this.diveSites
      .createQueryBuilder('site')
      .select(['site.id', 'site.name', 'site.region', 'site.imageUrl', 'site.blogSlug'])
      .where('site.featured = true AND site.blogSlug IS NOT NULL')
      .orderBy('RANDOM()')
      .limit(1)
      .getOne();
    if (!site) return null;
    return { name: site.name, region: site.region, imageUrl: site.imageUrl ?? HERO_FALLBACKS[site.id % HERO_FALLBACKS.length], href: `/blog/${site.blogSlug}` };
  }

  @Get()
  @Html()
  // The hero is a featured dive site; a search lists the products it finds too.
  @CacheTags(Tag.reviews, Tag.diveSites, Tag.products)
  async list(@Query('category') categoryParam?: string, @Query('search') searchParam?: string, @Query('page') pageParam?: unknown): Promise<string> {
    const category = (PUBLIC_REVIEW_CATEGORIES as readonly string[]).includes(categoryParam ?? '') ? categoryParam! : null;
    const search = typeof searchParam === 'string' && searchParam.trim() ? searchParam.trim().slice(0, 200) : null;
    const page = requestedPage(pageParam);
    const [hero, latest, [reviews, total], products] = await Promise.all([
      this.heroSite(),
      this.reviews.latestCreated(),
      this.reviews.pagePublished({ category: category ?? undefined, search: search ?? undefined, limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
      // The global search's product results lead here (SPEC section 2): the products matching the search, on its first page.
      search && page === 1 && !category ? this.products.searchPublished(search, PRODUCTS_SHOWN) : [],
    ]);
    const links = pageLinks('/gear-reviews', { category, search }, page, total);
    return this.render.page(
      {
        title: `${category ? `${category} Reviews - Honest Scuba Gear Reviews` : 'Scuba Gear Reviews - Honest Reviews Tested in Australia'}${page > 1 ? ` - Page ${page}` : ''}`,
        fullTitle: true,
        description:
          'Honest scuba gear reviews tested on Australian and Pacific dives: dive computers, BCDs, regulators, wetsuits, masks, fins and cameras, with AUD prices.',
        path: pagePath('/gear-reviews', { category }, page),
        previousPath: links.previous,
        nextPath: links.next,
        noindex: !!search,
      },
      <GearReviewsPage
        hero={hero}
        latest={latest ? toReviewListItem(latest) : null}
        reviews={reviews.map(toReviewListItem)}
        products={products.map((product) => ({
          id: product.id,
          name: product.name,
          category: product.category,
          description: product.description,
          price: product.price,
          rating: product.rating,
          reviewCount: product.reviewCount,
          affiliateLink: product.affiliateLink,
          imageUrl: product.imageUrl,
        }))}
        categories={PUBLIC_REVIEW_CATEGORIES}
        category={category}
        search={search}
        pages={links}
      />,
    );
  }

  @Get(':slug')
  @Html()
  @CacheTags()
  async review(@Param('slug') slug: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const found = await this.reviews.findPublishedBySlug(slug).catch((error: unknown) => {
      // A database outage is a 503, not a missing page (which search engines would drop).
      if (isDatabaseUnavailable(error)) throw error;
      return null;
    });
    if (!found) {
      response.status(404);
      return this.render.page(
        {
          title: 'Review Not Found',
          description: "The gear review you're looking for doesn't exist or has been removed.",
          path: `/gear-reviews/${slug}`,
          noindex: true,
        },
        <ReviewNotFoundPage />,
      );
    }
    const review = toReviewResponse(found);
    tagAnswer(response, Tag.review(review.id));
    const path = `/gear-reviews/${review.slug}`;
    const breadcrumbs = [
      { label: 'Home', href: '/' },
      { label: 'Gear Reviews', href: '/gear-reviews' },
      { label: review.title, href: path },
    ];
    let bodyHtml: string | null;
    try {
      bodyHtml = renderBody(review.content);
    } catch {
      // SPEC section 8: if formatting fails, the raw text is shown in a paragraph (React escapes it).
      bodyHtml = null;
    }
    const absolute = (p: string) => this.render.absoluteUrl(p);
    return this.render.page(
      {
        title: `${review.title} - Expert Gear Review`,
        fullTitle: true,
        description: metaDescription(review.excerpt || null, review.content) || 'An honest, expert scuba gear review tested in Australian water.',
        path,
        image: review.imageUrl,
        type: 'article',
        jsonLd: [reviewJsonLd(review, this.render.siteName, absolute, this.clock.now()), breadcrumbJsonLd(breadcrumbs, absolute)],
      },
      <ReviewPage review={review} bodyHtml={bodyHtml} breadcrumbs={breadcrumbs} />,
    );
  }
}
