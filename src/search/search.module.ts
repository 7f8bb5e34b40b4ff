import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Article } from 'src/articles/article.entity';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { DiveSitesModule } from 'src/dive-sites/dive-sites.module';
import { Product } from 'src/products/product.entity';
import { Review } from 'src/reviews/review.entity';
import { SearchController } from './search.controller';
import { SearchPagesController } from './search.pages.controller';
import { SearchService } from './search.service';

@Module({
  imports: [TypeOrmModule.forFeature([Article, DiveSite, Product, Review]), DiveSitesModule],
  controllers: [SearchController, SearchPagesController],
  providers: [SearchService],
})
export class SearchModule {}
