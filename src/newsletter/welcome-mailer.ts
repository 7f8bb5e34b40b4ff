import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { GuideService } from 'src/guide/guide.service';
import { MailService } from 'src/mail/mail.service';
import type { Subscriber } from './subscriber.entity';
import { welcomeEmail, type WelcomeEmail } from './welcome-email';

/** Stands for the unsubscribe link in the email rendered once (letters and digits: HTML leaves it as it is). */
const UNSUBSCRIBE_MARK = 'x0UNSUBSCRIBEx0LINKx0';

/** Sends the welcome email with the free PDF guide attached. Never throws: a subscription stands without it. */
@Injectable()
export class WelcomeMailer {
  private readonly logger = new Logger('Newsletter');
  private template: WelcomeEmail | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly guides: GuideService,
    private readonly mail: MailService,
  ) {}

  async send(subscriber: Subscriber, unsubscribeUrl: string): Promise<boolean> {
    try {
      const content = this.content(unsubscribeUrl);
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

  /**
   * The email for this unsubscribe link. It is the same for every subscriber but for that link, so it is
   * rendered once per process with a marker in the link's place (a sign-up wave renders nothing). A link
   * that HTML would escape (never one this site makes) is rendered on its own.
   */
  private content(unsubscribeUrl: string): WelcomeEmail {
    const input = { siteName: this.config.siteName, siteUrl: this.config.siteUrl, guide: this.guides.guide(), guideUrl: this.guides.url };
    if (/[&<>"']/.test(unsubscribeUrl)) return welcomeEmail({ ...input, unsubscribeUrl });
    this.template ??= welcomeEmail({ ...input, unsubscribeUrl: UNSUBSCRIBE_MARK });
    const { subject, text, html } = this.template;
    return { subject, text: text.replaceAll(UNSUBSCRIBE_MARK, unsubscribeUrl), html: html.replaceAll(UNSUBSCRIBE_MARK, unsubscribeUrl) };
  }
}
