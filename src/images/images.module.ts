import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { MediaModule } from 'src/media/media.module';
import { publicAddressesOnly } from './address-policy';
import { ImagesController } from './images.controller';
import { ImagesService, MAX_SOURCE_BYTES } from './images.service';
import { REMOTE_FETCH_OPTIONS, RemoteImageFetcher, systemResolver, type RemoteFetchOptions } from './remote-image.fetcher';

/** GET /img: resized, re-encoded images of the site's media and of remote hosts, fetched safely. */
@Module({
  imports: [MediaModule],
  controllers: [ImagesController],
  providers: [
    ImagesService,
    RemoteImageFetcher,
    {
      provide: REMOTE_FETCH_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): RemoteFetchOptions => ({
        resolve: systemResolver,
        allowAddress: publicAddressesOnly,
        allowedHosts: config.imageRemoteHosts,
        timeoutMs: config.imageRemoteTimeoutMs,
        connectTimeoutMs: Math.min(5_000, config.imageRemoteTimeoutMs),
        maxBytes: MAX_SOURCE_BYTES,
        maxRedirects: 3,
      }),
    },
  ],
  exports: [ImagesService],
})
export class ImagesModule {}
