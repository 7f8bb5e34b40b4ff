import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfirmationMailer } from './confirmation-mailer';
import { GuideModule } from 'src/guide/guide.module';
import { MailModule } from 'src/mail/mail.module';
import { NewsletterController } from './newsletter.controller';
import { NewsletterPagesController } from './newsletter.pages.controller';
import { NewsletterService } from './newsletter.service';
import { Subscriber } from './subscriber.entity';
import { WelcomeMailer } from './welcome-mailer';

@Module({
  imports: [TypeOrmModule.forFeature([Subscriber]), MailModule, GuideModule],
  controllers: [NewsletterController, NewsletterPagesController],
  providers: [NewsletterService, WelcomeMailer, ConfirmationMailer],
  exports: [NewsletterService],
})
export class NewsletterModule {}
