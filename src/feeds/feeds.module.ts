import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Article } from 'src/articles/article.entity';
import { ArticlesModule } from 'src/articles/articles.module';
import { DiveSite } from 'src/dive-sites/dive-site.entity';
import { NewsletterIssue } from 'src/newsletter-issues/newsletter-issue.entity';
import { PublishingModule } from 'src/publishing/publishing.module';
import { Review } from 'src/reviews/review.entity';
import { ReviewsModule } from 'src/reviews/reviews.module';
import { FeedsController } from './feeds.controller';
import { RssService } from './rss.service';
import { SitemapService } from './sitemap.service';

/** The sitemap, the RSS feed and robots.txt. */
@Module({
  imports: [TypeOrmModule.forFeature([Article, Review, DiveSite, NewsletterIssue]), ArticlesModule, ReviewsModule, PublishingModule],
  controllers: [FeedsController],
  providers: [SitemapService, RssService],
  exports: [SitemapService],
})
export class FeedsModule {}
