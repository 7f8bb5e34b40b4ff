import { Module } from '@nestjs/common';
import { publicAddressesOnly } from 'src/outbound/address-policy';
import { systemResolver } from 'src/outbound/pinned-request';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { LINK_CHECK_OPTIONS, type LinkCheckOptions } from './link-checker';
import { LinkHealthController } from './link-health.controller';
import { LinkHealthService } from './link-health.service';

/** Issue 32: a scheduled (and on demand) check that the site's purchase links still lead to a product. */
@Module({
  controllers: [LinkHealthController],
  providers: [
    LinkHealthService,
    {
      provide: LINK_CHECK_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): LinkCheckOptions => ({
        resolve: systemResolver,
        allowAddress: publicAddressesOnly,
        timeoutMs: 15_000,
        perHostIntervalMs: 1_000,
        maxRedirects: 5,
        userAgent: `AustralianDiveGuide-LinkCheck/1.0 (+${config.siteUrl})`,
      }),
    },
  ],
})
export class LinkHealthModule {}
