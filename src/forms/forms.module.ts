import { Inject, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { CommentsModule } from 'src/comments/comments.module';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { ContactModule } from 'src/contact/contact.module';
import { NewsletterModule } from 'src/newsletter/newsletter.module';
import { RatingsModule } from 'src/ratings/ratings.module';
import { CorrectionsModule } from 'src/corrections/corrections.module';
import { ReportsModule } from 'src/reports/reports.module';
import { FormOutcomeFilter } from './form-outcome.filter';
import { FormOutcomes } from './form-outcomes';
import { FormsController } from './forms.controller';
import { sameOriginOnly } from 'src/http/origin-check';

/** The public forms without JavaScript: posted by the browser, answered with a redirect the page shows. */
@Module({
  imports: [NewsletterModule, ContactModule, CommentsModule, RatingsModule, CorrectionsModule, ReportsModule],
  controllers: [FormsController],
  providers: [FormOutcomes, FormOutcomeFilter],
})
export class FormsModule implements NestModule {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(sameOriginOnly(this.config.siteUrl)).forRoutes(FormsController);
  }
}
