import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { GuideService } from 'src/guide/guide.service';
import { MailService } from 'src/mail/mail.service';
import type { Subscriber } from './subscriber.entity';
import { welcomeEmail } from './welcome-email';

/** Sends the welcome email with the free PDF guide attached. Never throws: a subscription stands without it. */
@Injectable()
export class WelcomeMailer {
  private readonly logger = new Logger('Newsletter');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly guides: GuideService,
    private readonly mail: MailService,
  ) {}

  async send(subscriber: Subscriber, unsubscribeUrl: string): Promise<boolean> {
    try {
      const content = welcomeEmail({
        siteName: this.config.siteName,
        siteUrl: this.config.siteUrl,
        unsubscribeUrl,
        guide: this.guides.guide(),
        guideUrl: this.guides.url,
      });
      const result = await this.mail.send({
        to: subscriber.email,
        ...content,
        unsubscribeUrl,
        attachments: [{ filename: this.guides.filename, content: await this.guides.file(), contentType: 'application/pdf' }],
      });
      return result.sent;
    } catch (error) {
      this.logger.error(`Welcome email to subscriber ${subscriber.id} failed: ${(error as Error).message}`);
      return false;
    }
  }
}
