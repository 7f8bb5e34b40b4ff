import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express from 'express';
import { DataSource } from 'typeorm';
import { adminAreaHeaders } from './admin-auth/admin-headers';
import { AdminHttpMiddleware } from './admin-auth/admin-http.middleware';
import { setupApiDocs } from './api-docs/api-docs';
import { Clock } from './common/clock';
import { projectRoot } from './common/project-root';
import type { AppConfig } from './config/app.config';
import { draining } from './http/draining';
import { COMPRESSION_THRESHOLD } from './http/fixed-body';
import { first, intercept, mountEdge, pipe, use, useAt } from './http/edge';
import { fixedHeaders, withFixedHeaders } from './http/fixed-headers';
import { formOutcomes } from './http/form-outcome-cookie';
import { allOf, processAccessLog, requestTracking } from './http/logging';
import { rejectNullCharacters } from './http/null-characters';
import { originCheck, sameOriginOnly } from './http/origin-check';
import { PageCacheInterceptor } from './http/page-cache.interceptor';
import { pageCacheHits, pageCacheMiddleware } from './http/page-cache.middleware';
import { noCookieOnPublicAnswers } from './http/public-answers';
import { ReaderTraffic } from './http/reader-traffic';
import { BodyParsingInterceptor } from './http/request-body';
import { permissionsPolicy, securityHeaders } from './http/security-headers';
import { ImagesService } from './images/images.service';
import { countPageViews, pageViewCounter } from './insights/page-view-counting';
import { PageViewsService } from './insights/page-views.service';
import { MailService } from './mail/mail.service';
import { Metrics, metricsEndpoint } from './metrics/metrics';
import { PageCacheService } from './page-cache/page-cache.service';
import { CountedHitInterceptor } from './rate-limit/counted-hit';
import { ASSETS_DIR } from './render/asset-manifest';
import { createValidationPipe } from 'src/validation/validation';

/** What the start tells the edge: whether the process is shutting down (src/main.ts). */
export interface Lifecycle {
  closing(): boolean;
}

/**
 * Everything the HTTP layer needs beyond the modules; shared by main.ts and the tests. The edge is one
 * ordered list: a request meets its stages in this order (docs/architecture.md, "A request's way").
 */
export async function configureApp(app: INestApplication, config: AppConfig, lifecycle: Lifecycle = { closing: () => false }): Promise<void> {
  const server = app as NestExpressApplication;
  server.disable('x-powered-by');
  // A hop count: only that many proxies in front are believed about the client's address (src/http/client-ip.ts).
  server.set('trust proxy', config.trustProxy);
  const cache = app.get(PageCacheService);
  const reflector = app.get(Reflector);
  const views = app.get(PageViewsService);
  const clock = app.get(Clock);
  // Prometheus metrics at /metrics, only when METRICS_TOKEN is set (src/metrics): else no cost at all.
  const metrics = config.metricsToken
    ? new Metrics({
        pageCache: cache,
        dataSource: app.get(DataSource),
        mail: app.get(MailService, { strict: false }),
        images: app.get(ImagesService, { strict: false }),
      })
    : null;
  // Told of every answer that has gone, cache hits included: the access log, the metrics, the reader traffic.
  const finished = allOf(processAccessLog(), metrics?.observe ?? null, app.get(ReaderTraffic).observe);

  mountEdge(server, [
    first(draining(lifecycle.closing)), // shutting down: 503 and Connection: close, before anything else
    first(pageCacheHits(cache, config, finished, pageViewCounter(views, config))), // a kept answer, whole, on the bare Node request
    use(requestTracking(finished)), // a request id (X-Request-Id), the access log line, the metrics, the reader count
    use(withFixedHeaders(fixedHeaders([securityHeaders(config), permissionsPolicy]))), // the security headers, recorded once at start
    metrics && use(metricsEndpoint(metrics, config.metricsToken!)), // /metrics behind its token
    use(compression({ threshold: COMPRESSION_THRESHOLD })), // br/gzip for what Express answers (a fixed page goes compressed already, src/http/fixed-body.ts)
    use(rejectNullCharacters), // a NUL or broken escape in the address or query: 400, before any route
    useAt('/assets', express.static(ASSETS_DIR(), { immutable: true, maxAge: '365d', index: false, fallthrough: true })), // the hashed build
    useAt('/media', express.static(join(projectRoot(), 'public', 'media'), { maxAge: '7d', index: false })), // the seed's illustrations
    use(formOutcomes(config.siteUrl, config.sessionSecret, () => clock.now().getTime())), // a no-JavaScript form's outcome, for its page
    use(countPageViews(views, config)), // readers' page views of what Express renders (src/insights)
    use(pageCacheMiddleware(cache, config)), // anonymous answers given an ETag and kept, whole
    use(noCookieOnPublicAnswers), // no Set-Cookie on a public answer (mounted before the session, so it runs after it)
    use(adminAreaHeaders), // /admin and /api/admin: no-store, noindex
    use(originCheck(config.siteUrl)), // a write from another site's page: 403
    use(...app.get(AdminHttpMiddleware).handlers()), // the PostgreSQL session and passport, only with the session cookie
    useAt('/forms', sameOriginOnly(config.siteUrl)), // a no-JavaScript form post from another site: 403
    intercept(new PageCacheInterceptor(cache, reflector)), // a read's cache tags; a successful write's invalidation
    intercept(app.get(CountedHitInterceptor)), // a public form's rate limit, counted once its handler starts (src/rate-limit)
    intercept(new BodyParsingInterceptor(reflector)), // the body read once the route matched and its guards passed
    pipe(createValidationPipe()), // the body and query as the route's DTO, or a 400 naming the field
  ]);
  await setupApiDocs(app, config);
}
