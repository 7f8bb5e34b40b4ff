import { Controller, Get, Header, Inject, NotFoundException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { OFFLINE_PATH, SERVICE_WORKER_PATH } from 'core/offline';
import { CacheTags } from 'src/common/cache-tags';
import { Html } from 'src/common/html.decorator';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { RenderService } from 'src/render/render.service';
import { meta, OfflinePage } from 'views/pages/offline/OfflinePage';
import { webAppManifest } from './web-app-manifest';
import { ServiceWorkerService } from './service-worker.service';

/** What lets the site open on a boat without signal: the web app manifest, the service worker and its offline page. */
@ApiExcludeController()
@Controller()
export class OfflineController {
  constructor(
    private readonly render: RenderService,
    private readonly worker: ServiceWorkerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('manifest.webmanifest')
  @CacheTags()
  @Header('Content-Type', 'application/manifest+json; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  manifest(): string {
    return JSON.stringify(webAppManifest(this.config.siteName, this.render.icons));
  }

  /** Checked by the browser on every visit (no-cache), so a new build's worker takes over at once. */
  @Get(SERVICE_WORKER_PATH.slice(1))
  @CacheTags()
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  serviceWorker(): string {
    const script = this.worker.script();
    if (script === null) throw new NotFoundException('No service worker: the client is not built');
    return script;
  }

  @Get(OFFLINE_PATH.slice(1))
  @CacheTags()
  @Html()
  offline(): string {
    return this.render.page({ ...meta, path: OFFLINE_PATH, noindex: true }, <OfflinePage />);
  }
}
