import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { sessionCookieName } from 'src/http/cookies';
import { signedInAdministratorOnly } from 'src/admin-auth/signed-in-only.middleware';
import { Clock } from 'src/common/clock';
import type { AppConfig } from 'src/config/app.config';
import metadata from './metadata';

/**
 * OpenAPI documentation of the JSON API, generated from the controllers and their DTOs: the UI at
 * /api/docs, the document at /api/docs-json. The DTO schemas (types, required, class-validator limits)
 * come from the @nestjs/swagger plugin's output, metadata.ts beside this file (scripts/generate-api-metadata.mjs).
 * Only the /api calls and the health probes are listed; the HTML pages are not an API. Swagger UI's
 * start-up code is its own file (swagger-ui-init.js), so the site's CSP (script-src 'self') holds here too.
 * In production it lists the admin calls to the signed-in administrator alone: anyone else gets a 404.
 */
export async function setupApiDocs(app: INestApplication, config: AppConfig): Promise<void> {
  await SwaggerModule.loadPluginMetadata(metadata);
  let document: OpenAPIObject | null = null;
  const build = (): OpenAPIObject => {
    if (document) return document;
    const generated = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle(`${config.siteName} API`)
        .setDescription('The calls the site makes (SPEC section 7). Admin calls need the administrator session cookie, obtained from POST /api/admin/login.')
        .setVersion('1')
        .addCookieAuth(sessionCookieName(config.siteUrl))
        .build(),
    );
    for (const path of Object.keys(generated.paths)) {
      if (!path.startsWith('/api/') && path !== '/healthz' && path !== '/readyz') delete generated.paths[path];
    }
    document = generated;
    return document;
  };
  if (config.nodeEnv === 'production') app.use(['/api/docs', '/api/docs-json', '/api/docs-yaml'], signedInAdministratorOnly(app.get(Clock)));
  SwaggerModule.setup('api/docs', app, build, {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
    customSiteTitle: `${config.siteName} API`,
  });
}
