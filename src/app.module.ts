import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AdminAuthModule } from './admin-auth/admin-auth.module';
import { AdminPagesModule } from './admin-pages/admin-pages.module';
import { ArticlesModule } from './articles/articles.module';
import { AuditModule } from './audit/audit.module';
import { BlogModule } from './blog/blog.module';
import { CarouselModule } from './carousel/carousel.module';
import { CommentsModule } from './comments/comments.module';
import { AllExceptionsFilter } from './errors/all-exceptions.filter';
import { CommonModule } from './common/common.module';
import { HttpModule } from './http/http.module';
import { ContactModule } from './contact/contact.module';
import { ContentTransferModule } from './content-transfer/content-transfer.module';
import { CorrectionsModule } from './corrections/corrections.module';
import type { AppConfig } from './config/app.config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DiveSitePagesModule } from './dive-site-pages/dive-site-pages.module';
import { DiveSitesModule } from './dive-sites/dive-sites.module';
import { ConditionsModule } from './conditions/conditions.module';
import { FeedsModule } from './feeds/feeds.module';
import { ForecastModule } from './forecast/forecast.module';
import { FormsModule } from './forms/forms.module';
import { GearReviewsModule } from './gear-reviews/gear-reviews.module';
import { HealthModule } from './health/health.module';
import { HousekeepingModule } from './housekeeping/housekeeping.module';
import { HomeModule } from './home/home.module';
import { ImagesModule } from './images/images.module';
import { InsightsModule } from './insights/insights.module';
import { LinkHealthModule } from './link-health/link-health.module';
import { PreviewsModule } from './previews/previews.module';
import { LocationsModule } from './locations/locations.module';
import { JobQueueModule } from './job-queue/job-queue.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { NewsletterIssuesModule } from './newsletter-issues/newsletter-issues.module';
import { OfflineModule } from './offline/offline.module';
import { PageCacheModule } from './page-cache/page-cache.module';
import { PagesModule } from './pages/pages.module';
import { ProductsModule } from './products/products.module';
import { RatingsModule } from './ratings/ratings.module';
import { ReportsModule } from './reports/reports.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { RenderModule } from './render/render.module';
import { ReviewsModule } from './reviews/reviews.module';
import { SearchModule } from './search/search.module';

/** Wires the feature modules. The configuration and the database URL are decided before the app exists. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        CommonModule,
        HttpModule,
        RateLimitModule,
        HousekeepingModule,
        DatabaseModule.forRoot(databaseUrl),
        RenderModule,
        PageCacheModule,
        AuditModule,
        AdminAuthModule,
        HealthModule,
        ArticlesModule,
        CommentsModule,
        ReviewsModule,
        ProductsModule,
        LocationsModule,
        CarouselModule,
        SearchModule,
        HomeModule,
        BlogModule,
        GearReviewsModule,
        FeedsModule,
        PagesModule,
        NewsletterModule,
        JobQueueModule,
        NewsletterIssuesModule,
        ContactModule,
        DiveSitesModule,
        ConditionsModule,
        RatingsModule,
        ReportsModule,
        CorrectionsModule,
        DiveSitePagesModule,
        AdminPagesModule,
        ImagesModule,
        OfflineModule,
        ContentTransferModule,
        FormsModule,
        InsightsModule,
        LinkHealthModule,
        ForecastModule,
        PreviewsModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
