import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { publicAddressesOnly } from 'src/outbound/address-policy';
import { ImagesController } from './images.controller';
import { DEFAULT_IMAGE_LIMITS, IMAGE_LIMITS, ImagesService, MAX_SOURCE_BYTES } from './images.service';
import { MediaFilesController } from './media-files.controller';
import { Media } from './media.entity';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { REMOTE_FETCH_OPTIONS, RemoteImageFetcher, systemResolver, type RemoteFetchOptions } from './remote-image.fetcher';

/**
 * GET /img: resized, re-encoded images of the site's media, its uploads and remote hosts, fetched safely;
 * and the uploads themselves (POST/GET/DELETE /api/admin/media, the files under /media/uploads/).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Media])],
  controllers: [ImagesController, MediaController, MediaFilesController],
  providers: [
    ImagesService,
    MediaService,
    { provide: IMAGE_LIMITS, useValue: DEFAULT_IMAGE_LIMITS },
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
