import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AdminName } from 'src/admin-auth/admin-name.decorator';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { reviewChanged, Invalidates } from 'src/common/cache-tags';
import { idParam } from 'src/validation/id.pipe';
import { toReviewResponse } from './review.response';
import { ReviewsService } from './reviews.service';

const id = idParam('Review id');
const revisionId = idParam('Revision id');

/** A review's stored versions, for the editor: list, read one, restore one (a restore is an edit). */
@Controller('api/admin/reviews/:id/revisions')
export class ReviewRevisionsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @AdminOnly()
  list(@Param('id', id) reviewId: number) {
    return this.reviews.revisions(reviewId);
  }

  @Get(':revisionId')
  @AdminOnly()
  one(@Param('id', id) reviewId: number, @Param('revisionId', revisionId) revision: number) {
    return this.reviews.revision(reviewId, revision);
  }

  @Post(':revisionId/restore')
  @AdminOnly({ action: 'restore_review_revision' })
  @HttpCode(200)
  @Invalidates(reviewChanged)
  async restore(@Param('id', id) reviewId: number, @Param('revisionId', revisionId) revision: number, @AdminName() editor: string) {
    return toReviewResponse(await this.reviews.restore(reviewId, revision, editor));
  }
}
