import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { AdminName } from 'src/admin-auth/admin-name.decorator';
import { AdminListSliceQueryDto } from 'src/admin-auth/admin-list-query.dto';
import { AdminListOnRequest, AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/common/id.pipe';
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
  async list(@Query() { admin, ...slice }: AdminListSliceQueryDto) {
    return admin ? (await this.reviews.listAll(slice)).map(toReviewResponse) : (await this.reviews.listPublished(slice)).map(toReviewListItem);
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
