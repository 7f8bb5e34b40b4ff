import { Module } from '@nestjs/common';
import { ArticlesModule } from 'src/articles/articles.module';
import { CarouselModule } from 'src/carousel/carousel.module';
import { ReviewsModule } from 'src/reviews/reviews.module';
import { ForecastModule } from 'src/forecast/forecast.module';
import { HomePagesController } from './home.pages.controller';

@Module({ imports: [ArticlesModule, ReviewsModule, CarouselModule, ForecastModule], controllers: [HomePagesController] })
export class HomeModule {}
