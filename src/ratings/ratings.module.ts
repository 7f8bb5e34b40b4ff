import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { DiveSiteRating } from './dive-site-rating.entity';
import { AdminRatingsController } from './admin-ratings.controller';
import { RatingsController } from './ratings.controller';
import { RatingsService } from './ratings.service';

/** Visitors' star ratings of dive sites, with an optional comment. */
@Module({
  imports: [TypeOrmModule.forFeature([DiveSiteRating]), DiveSitesModule],
  controllers: [RatingsController, AdminRatingsController],
  providers: [RatingsService],
  exports: [RatingsService],
})
export class RatingsModule {}
