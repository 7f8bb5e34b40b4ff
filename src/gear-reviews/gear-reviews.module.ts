import { Module } from '@nestjs/common';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { ProductsModule } from 'src/products/products.module';
import { ReviewsModule } from 'src/reviews/reviews.module';
import { GearReviewsPagesController } from './gear-reviews.pages.controller';

/** The gear review pages: /gear-reviews and /gear-reviews/{slug}. */
@Module({ imports: [ReviewsModule, ProductsModule, DiveSitesModule], controllers: [GearReviewsPagesController] })
export class GearReviewsModule {}
