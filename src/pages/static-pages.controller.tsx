import { Controller, Get } from '@nestjs/common';
import { Html } from 'src/common/html.decorator';
import { RenderService } from 'src/render/render.service';
import { AboutPage, meta as aboutMeta } from 'views/pages/static/AboutPage';
import { AffiliateDisclosurePage, meta as affiliateMeta } from 'views/pages/static/AffiliateDisclosurePage';
import { LearnToDivePage, meta as learnMeta } from 'views/pages/static/LearnToDivePage';
import { PrivacyPolicyPage, meta as privacyMeta } from 'views/pages/static/PrivacyPolicyPage';
import { TermsOfServicePage, meta as termsMeta } from 'views/pages/static/TermsOfServicePage';
import { CacheTags } from 'src/common/cache-tags';

/** Pages whose content lives in their views: Learn to Dive, About and the legal pages. */
/** Pages that show no content from the database: kept until their age or a full flush drops them. */
@CacheTags()
@Controller()
export class StaticPagesController {
  constructor(private readonly render: RenderService) {}

  @Get('learn-to-dive')
  @Html()
  learnToDive(): string {
    return this.render.page({ ...learnMeta, path: '/learn-to-dive', image: '/media/scene-dive-training.svg' }, <LearnToDivePage />);
  }

  @Get('about')
  @Html()
  about(): string {
    return this.render.page({ ...aboutMeta, path: '/about' }, <AboutPage />);
  }

  @Get('affiliate-disclosure')
  @Html()
  affiliateDisclosure(): string {
    return this.render.page({ ...affiliateMeta, path: '/affiliate-disclosure' }, <AffiliateDisclosurePage />);
  }

  @Get('privacy-policy')
  @Html()
  privacyPolicy(): string {
    return this.render.page({ ...privacyMeta, path: '/privacy-policy' }, <PrivacyPolicyPage />);
  }

  @Get('terms-of-service')
  @Html()
  termsOfService(): string {
    return this.render.page({ ...termsMeta, path: '/terms-of-service' }, <TermsOfServicePage />);
  }
}
