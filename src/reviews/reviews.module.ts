import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PublishingModule } from 'src/publishing/publishing.module';
import { Review } from './review.entity';
import { ReviewRevisionsController } from './review-revisions.controller';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

@Module({
  imports: [TypeOrmModule.forFeature([Review]), PublishingModule],
  controllers: [ReviewsController, ReviewRevisionsController],
  providers: [ReviewsService],
  exports: [ReviewsService],
})
export class ReviewsModule {}
