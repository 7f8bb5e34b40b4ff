import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminName } from 'src/admin-auth/admin-name.decorator';
import { AdminPostListQueryDto } from 'src/admin-auth/admin-list-query.dto';
import { adminSlice, PUBLIC_PAGE_SIZE, sendPageHeaders } from 'src/lists/admin-page';
import { AdminListOnRequest, AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/validation/id.pipe';
import { CreateReviewDto, UpdateReviewDto } from './dto/review-write.dto';
import { REVIEW_CATEGORIES } from 'core/categories';
import { toReviewListItem, toReviewResponse } from './review.response';
import { ReviewsService } from './reviews.service';
import { CacheTags, Invalidates, Tag, reviewChanged } from 'src/common/cache-tags';

const id = idParam('Review id');

@CacheTags(Tag.reviews)
@Invalidates(reviewChanged)
@Controller('api')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get(['reviews', 'reviews/published'])
  @AdminListOnRequest()
  async list(@Query() { admin, status, q, ...slice }: AdminPostListQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    if (!admin) {
      // A page (the first PUBLIC_PAGE_SIZE unless `limit` says), counted, with a Link to the next (issue 31).
      const page = { limit: slice.limit ?? PUBLIC_PAGE_SIZE, offset: slice.offset ?? 0 };
      const [rows, total] = await this.reviews.pagePublished(page);
      sendPageHeaders(request, response, total, page);
      return rows.map(toReviewListItem);
    }
    // The administrator's list, a page at a time (src/lists/admin-page.ts).
    const page = adminSlice(slice);
    const { rows, total } = await this.reviews.adminPage({ status, q, ...page });
    sendPageHeaders(request, response, total, page);
    return rows.map(toReviewResponse);
  }

  @Get('reviews/category/:category')
  async byCategory(@Param('category') category: string) {
    if (!(REVIEW_CATEGORIES as readonly string[]).includes(category)) {
      throw new BadRequestException(`Category must be one of: ${REVIEW_CATEGORIES.join(', ')}`);
    }
    return (await this.reviews.listPublished({ category })).map(toReviewListItem);
  }

  @Get('reviews/slug/:slug')
  async bySlug(@Param('slug') slug: string) {
    return toReviewResponse(await this.reviews.findPublishedBySlug(slug));
  }

  @Post('reviews')
  @AdminOnly()
  async create(@Body() dto: CreateReviewDto) {
    return toReviewResponse(await this.reviews.create(dto));
  }

  @Patch('reviews/:id')
  @AdminOnly()
  async update(@Param('id', id) reviewId: number, @Body() dto: UpdateReviewDto, @AdminName() editor: string) {
    return toReviewResponse(await this.reviews.update(reviewId, dto, editor));
  }

  @Delete('reviews/:id')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('id', id) reviewId: number): Promise<void> {
    await this.reviews.remove(reviewId);
  }
}
