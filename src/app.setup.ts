import type { Server } from 'node:http';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Reflector } from '@nestjs/core';
import compression from 'compression';
import express from 'express';
import { AdminHttpMiddleware } from './admin-auth/admin-http.middleware';
import { setupApiDocs } from './api-docs/api-docs';
import { answerFirst } from './common/answer-first';
import { Clock } from './common/clock';
import { allOf, processAccessLog, requestTracking } from './common/logging';
import { rejectNullCharacters } from './common/null-characters';
import { ReaderTraffic } from './common/reader-traffic';
import { projectRoot } from './common/project-root';
import { noCookieOnPublicAnswers } from './common/public-answers';
import { permissionsPolicy, securityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { BodyParsingInterceptor } from './common/request-body';
import type { AppConfig } from './config/app.config';
import { formOutcomes } from './common/form-outcome-cookie';
import { fixedHeaders, pageCacheHits, pageCacheMiddleware, withFixedHeaders } from './page-cache/page-cache.middleware';
import { PageCacheService } from './page-cache/page-cache.service';
import { ImagesService } from './images/images.service';
import { MailService } from './mail/mail.service';
import { Metrics, metricsEndpoint } from './metrics/metrics';
import { DataSource } from 'typeorm';
import { countPageViews, pageViewCounter } from './insights/page-view-counting';
import { PageViewsService } from './insights/page-views.service';
import { ASSETS_DIR } from './render/asset-manifest';

/** Everything the HTTP layer needs beyond the modules; shared by main.ts and the tests. */
export async function configureApp(app: INestApplication, config: AppConfig): Promise<void> {
  const express_ = app as NestExpressApplication;
  express_.disable('x-powered-by');
  // A hop count: only that many proxies in front are believed about the client's address.
  express_.set('trust proxy', config.trustProxy);
  // Prometheus metrics at /metrics, only when METRICS_TOKEN is set (src/metrics): else no cost at all.
  const metrics = config.metricsToken
    ? new Metrics({
        pageCache: app.get(PageCacheService),
        dataSource: app.get(DataSource),
        mail: app.get(MailService, { strict: false }),
        images: app.get(ImagesService, { strict: false }),
      })
    : null;
  // A request id on every answer (X-Request-Id); in production, one JSON log line per request; the metrics.
  // And counted for the background work that gives way to readers (src/common/reader-traffic.ts).
  const finished = allOf(processAccessLog(), metrics?.observe ?? null, app.get(ReaderTraffic).observe);
  // The security headers are the same for every answer: recorded once at start and set as they were.
  const everyAnswer = fixedHeaders([securityHeaders(config), permissionsPolicy]);
  // Page views are counted on both paths: the cache's hits and the pages Express renders (src/insights).
  const viewed = pageViewCounter(app.get(PageViewsService), config);
  // Cache hits first, ahead of Express: a kept answer carries its headers (the ones below among them).
  answerFirst(express_.getHttpServer() as Server, pageCacheHits(app.get(PageCacheService), config, finished, viewed));
  express_.use(requestTracking(finished));
  express_.use(withFixedHeaders(everyAnswer));
  if (metrics && config.metricsToken) express_.use(metricsEndpoint(metrics, config.metricsToken));
  express_.use(compression({ threshold: 1024 }));
  // No body is read here: BodyParsingInterceptor reads it once the route is matched and its guards have
  // passed (src/common/request-body.ts), so a refused request never makes the server parse its body.
  express_.use(rejectNullCharacters);
  // Hashed build output never changes under its name.
  express_.use('/assets', express.static(ASSETS_DIR(), { immutable: true, maxAge: '365d', index: false, fallthrough: true }));
  express_.use('/media', express.static(join(projectRoot(), 'public', 'media'), { maxAge: '7d', index: false }));
  // A no-JavaScript form's outcome, for the page it returned to (src/forms): that answer is never kept.
  const clock = app.get(Clock);
  express_.use(formOutcomes(config.siteUrl, config.sessionSecret, () => clock.now().getTime()));
  express_.use(countPageViews(app.get(PageViewsService), config));
  // Anonymous pages rendered and kept, before the session layer (src/page-cache).
  express_.use(pageCacheMiddleware(app.get(PageCacheService), config));
  // Before the session layer, so that it looks at the headers after the session's rolling cookie is added:
  // no Set-Cookie on a public answer (src/common/public-answers.ts).
  express_.use(noCookieOnPublicAnswers);
  // After the static files, so an asset request never reads the session store.
  // Then admin headers, the origin check, the PostgreSQL session and passport (src/admin-auth).
  express_.use(...app.get(AdminHttpMiddleware).handlers());
  app.useGlobalInterceptors(new BodyParsingInterceptor(app.get(Reflector)));
  app.useGlobalPipes(createValidationPipe());
  await setupApiDocs(app, config);
}
