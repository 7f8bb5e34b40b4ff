import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type { AppConfig } from 'src/config/app.config';
import { sessionCookieName } from 'src/admin-auth/admin-session';

/**
 * OpenAPI documentation of the JSON API, generated from the controllers and their DTOs (reflected
 * types and the class-validator rules): the UI at /api/docs, the document at /api/docs-json. Only the
 * /api calls and the health probes are listed; the HTML pages are not an API. Swagger UI's start-up
 * code is its own file (swagger-ui-init.js), so the site's CSP (script-src 'self') holds here too.
 */
export function setupApiDocs(app: INestApplication, config: AppConfig): void {
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
    describeDtos(generated);
    for (const path of Object.keys(generated.paths)) {
      if (!path.startsWith('/api/') && path !== '/healthz' && path !== '/readyz') delete generated.paths[path];
    }
    document = generated;
    return document;
  };
  SwaggerModule.setup('api/docs', app, build, { jsonDocumentUrl: 'api/docs-json', yamlDocumentUrl: 'api/docs-yaml', customSiteTitle: `${config.siteName} API` });
}

interface RuleMetadata {
  type: string;
  name?: string;
  target: Function | string;
  propertyName: string;
  constraints?: unknown[];
}

type PropertySchema = Record<string, unknown>;

/**
 * The project builds with plain tsc (no Nest CLI plugin), so the DTO schemas Swagger reflects are empty.
 * They are filled in here from the DTOs' class-validator rules: each validated property with its type,
 * limits and whether it is required.
 */
function describeDtos(document: OpenAPIObject): void {
  const schemas = document.components?.schemas ?? {};
  const rules = (getMetadataStorage() as unknown as { validationMetadatas: Map<Function, RuleMetadata[]> | RuleMetadata[] }).validationMetadatas;
  const all: RuleMetadata[] = rules instanceof Map ? [...rules.values()].flat() : rules;
  const byClass = new Map<string, RuleMetadata[]>();
  for (const rule of all) {
    if (typeof rule.target !== 'function') continue;
    const list = byClass.get(rule.target.name) ?? [];
    list.push(rule);
    byClass.set(rule.target.name, list);
  }
  for (const [name, schema] of Object.entries(schemas)) {
    const classRules = byClass.get(name);
    if (!classRules || !('type' in schema)) continue;
    const properties: Record<string, PropertySchema> = { ...((schema.properties as Record<string, PropertySchema>) ?? {}) };
    const required = new Set<string>((schema.required as string[]) ?? []);
    const optional = new Set<string>();
    for (const rule of classRules) {
      const property = (properties[rule.propertyName] ??= {});
      const [first, second] = rule.constraints ?? [];
      switch (rule.type === 'customValidation' ? rule.name : rule.type) {
        case 'conditionalValidation':
          optional.add(rule.propertyName);
          break;
        case 'isDefined':
          required.add(rule.propertyName);
          break;
        case 'isString':
          property.type = 'string';
          break;
        case 'isInt':
          property.type = 'integer';
          break;
        case 'isNumber':
        case 'isNumberString':
          property.type ??= 'number';
          break;
        case 'isBoolean':
          property.type = 'boolean';
          break;
        case 'isEmail':
          property.type = 'string';
          property.format = 'email';
          break;
        case 'isUrl':
          property.type = 'string';
          property.format = 'uri';
          break;
        case 'isDateString':
        case 'isISO8601':
          property.type = 'string';
          property.format = 'date-time';
          break;
        case 'isIn':
        case 'isEnum':
          if (Array.isArray(first)) property.enum = first;
          else if (first && typeof first === 'object') property.enum = Object.values(first as object);
          break;
        case 'maxLength':
          property.maxLength = first;
          break;
        case 'minLength':
          property.minLength = first;
          break;
        case 'length':
          property.minLength = first;
          if (typeof second === 'number') property.maxLength = second;
          break;
        case 'min':
          property.minimum = first;
          break;
        case 'max':
          property.maximum = first;
          break;
        case 'isArray':
          property.type = 'array';
          break;
        default:
          break;
      }
    }
    for (const property of Object.keys(properties)) {
      if (!optional.has(property) && classRules.some((rule) => rule.propertyName === property && rule.type !== 'conditionalValidation')) required.add(property);
      if (optional.has(property)) required.delete(property);
    }
    schema.properties = properties;
    if (required.size) schema.required = [...required];
  }
}
