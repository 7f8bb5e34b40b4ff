import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CacheTags, Tag, tagAnswer } from 'src/common/cache-tags';
import { Clock } from 'src/common/clock';
import { nullUnlessUnavailable } from 'src/errors/database-errors';
import { Html } from 'src/common/html.decorator';
import { PageQueryOf } from 'src/lists/page-query';
import { LIST_PAGE_SIZE, pageLinks } from 'src/lists/pagination';
import { DiveSiteArticlesService } from 'src/dive-sites/dive-site-articles.service';
import { ProductOffersService } from 'src/products/product-offers.service';
import { ProductsService } from 'src/products/products.service';
import { pageNumber } from 'src/publishing/publication-pages';
import { RenderService } from 'src/render/render.service';
import { toReviewResponse } from 'src/reviews/review.response';
import { ReviewsService } from 'src/reviews/reviews.service';
import { renderBody } from 'src/rich-text/render-body';
import { GearReviewsPage } from 'views/pages/reviews/GearReviewsPage';
import { ReviewNotFoundPage, ReviewPage } from 'views/pages/reviews/ReviewPage';
import { presentGearReviews, presentReview, presentReviewNotFound } from './gear-reviews.presenter';
import { GearReviewsListQuery, searchTerm } from './gear-reviews.query';

/** The most products a search on /gear-reviews lists (the seed has ten). */
const PRODUCTS_SHOWN = 12;

@Controller('gear-reviews')
export class GearReviewsPagesController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly render: RenderService,
    private readonly clock: Clock,
    private readonly products: ProductsService,
    private readonly diveSites: DiveSiteArticlesService,
    private readonly offers: ProductOffersService,
  ) {}

  @Get()
  @Html()
  // The hero is a featured dive site; a search lists the products it finds too.
  @CacheTags(Tag.reviews, Tag.diveSites, Tag.products)
  async list(@PageQueryOf(GearReviewsListQuery) query: GearReviewsListQuery): Promise<string> {
    const category = query.category ?? null;
    const search = searchTerm(query);
    const page = pageNumber(query);
    const [hero, latest, [reviews, total], products] = await Promise.all([
      this.diveSites.randomFeaturedWithArticle(),
      this.reviews.latestCreated(),
      this.reviews.pagePublished({ category: query.category, search: search ?? undefined, limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE }),
      // The global search's product results lead here (SPEC section 2): the products matching the search, on its first page.
      search && page === 1 && !category ? this.products.searchPublished(search, PRODUCTS_SHOWN) : [],
    ]);
    const links = pageLinks('/gear-reviews', { category, search }, page, total);
    // Issue 47: the prices checked on the pages the buttons lead to, in one query.
    const offers = await this.offers.forLinks([...reviews.map((review) => review.purchaseLink), ...products.map((product) => product.affiliateLink)]);
    return this.render.view(GearReviewsPage, presentGearReviews({ hero, latest, reviews, products, offers, category, search, links }));
  }

  @Get(':slug')
  @Html()
  @CacheTags()
  async review(@Param('slug') slug: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const found = await nullUnlessUnavailable(this.reviews.findPublishedBySlug(slug));
    if (!found) {
      response.status(404);
      return this.render.view(ReviewNotFoundPage, presentReviewNotFound(slug));
    }
    const review = toReviewResponse(found);
    tagAnswer(response, Tag.review(review.id));
    // Issue 47: the price checked on the page the purchase link leads to (only the seed records one).
    const offer = review.purchaseLink ? await nullUnlessUnavailable(this.offers.forLink(review.purchaseLink)) : null;
    return this.render.view(
      ReviewPage,
      presentReview({ review, bodyHtml: this.formatted(review.content, review.imageUrl), now: this.clock.now(), offer }, this.render),
    );
  }

  /** SPEC section 8: if formatting fails, the raw text is shown in a paragraph (React escapes it): null. */
  private formatted(content: string, imageUrl: string | null): string | null {
    try {
      return renderBody(content, { shown: [imageUrl] });
    } catch {
      return null;
    }
  }
}
