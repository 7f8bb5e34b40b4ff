import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { ProductsModule } from 'src/products/products.module';
import { ReviewsModule } from 'src/reviews/reviews.module';
import { GearReviewsPagesController } from './gear-reviews.pages.controller';

/** The gear review pages: /gear-reviews and /gear-reviews/{slug}. */
@Module({ imports: [ReviewsModule, ProductsModule, TypeOrmModule.forFeature([DiveSite])], controllers: [GearReviewsPagesController] })
export class GearReviewsModule {}
