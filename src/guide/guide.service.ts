import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { GUIDE_FILENAME, GUIDE_PATH, loadGuideContent, type GuideContent } from './guide-content';
import { renderGuidePdf } from './guide-pdf';

/** The free PDF guide: generated from data/first-dive-trip-guide.json on first use, then kept in memory. */
@Injectable()
export class GuideService {
  private pdf: Promise<Buffer> | null = null;
  private content: GuideContent | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  readonly filename = GUIDE_FILENAME;

  get url(): string {
    return `${this.config.siteUrl}${GUIDE_PATH}`;
  }

  guide(): GuideContent {
    this.content ??= loadGuideContent();
    return this.content;
  }

  /** The PDF, rendered once per process; a failed render is retried on the next call. */
  file(): Promise<Buffer> {
    this.pdf ??= renderGuidePdf(this.guide(), { siteName: this.config.siteName, siteUrl: this.config.siteUrl }).catch((error) => {
      this.pdf = null;
      throw error;
    });
    return this.pdf;
  }
}
