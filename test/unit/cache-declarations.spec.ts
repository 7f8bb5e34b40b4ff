import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DynamicModule, type ForwardReference, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { Request, Response } from 'express';
import { lastValueFrom, of, throwError } from 'rxjs';
import { AppModule } from 'src/app.module';
import { CACHE_TAGS, INVALIDATES, Invalidates, Tag, type ReadTag, type WriteTag } from 'src/common/cache-tags';
import { loadConfig } from 'src/config/app.config';
import { PageCacheInterceptor } from 'src/http/page-cache.interceptor';
import { PageCacheService, type Changed } from 'src/page-cache/page-cache.service';

/**
 * Writes say what they change (issue 41): every non-GET handler of every controller the application's
 * modules register declares its invalidation with `@Invalidates(...tags)`, or `@Invalidates()` for none
 * (on itself or on its controller). The handlers are read from the modules, not listed here.
 */
type ModuleEntry = Type | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

function controllersOf(root: DynamicModule): Type[] {
  const seen = new Set<unknown>();
  const controllers = new Set<Type>();
  const visit = (entry: ModuleEntry): void => {
    if (!entry || entry instanceof Promise) return;
    const resolved = 'forwardRef' in entry ? (entry.forwardRef() as Type | DynamicModule) : entry;
    if (seen.has(resolved)) return;
    seen.add(resolved);
    const module = typeof resolved === 'function' ? resolved : resolved.module;
    const dynamic: Partial<DynamicModule> = typeof resolved === 'function' ? {} : resolved;
    for (const controller of [...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? []), ...(dynamic.controllers ?? [])]) controllers.add(controller);
    for (const imported of [...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? []), ...(dynamic.imports ?? [])]) visit(imported);
  };
  visit(root);
  return [...controllers];
}

interface Handler {
  /** `Controller.method (POST /path)`, as the failure names it. */
  name: string;
  controller: Type;
  method: RequestMethod;
  fn: (...args: unknown[]) => unknown;
}

function handlersOf(controllers: Type[]): Handler[] {
  const scanner = new MetadataScanner();
  return controllers.flatMap((controller) => {
    const base = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat().join('|');
    return scanner.getAllMethodNames(controller.prototype).flatMap((methodName) => {
      const fn = controller.prototype[methodName] as Handler['fn'];
      const method = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      if (method === undefined || Reflect.getMetadata(PATH_METADATA, fn) === undefined) return [];
      const path = [Reflect.getMetadata(PATH_METADATA, fn)].flat().join('|');
      const name = `${controller.name}.${methodName} (${RequestMethod[method]} /${[base, path].filter((part) => part && part !== '/').join('/')})`;
      return [{ name, controller, method, fn }];
    });
  });
}

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'adg-cache-')), SESSION_SECRET: 'test-session-secret-that-is-long-enough' });
const handlers = handlersOf(controllersOf(AppModule.forRoot(config, 'postgres://unused/none')));
const writes = handlers.filter(({ method }) => ![RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS].includes(method));

describe('every write handler declares what it invalidates', () => {
  it('finds the handlers through the modules', () => {
    expect(writes.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['NewsletterPagesController.unsubscribe (POST /newsletter/unsubscribe)', 'ArticlesController.create (POST /api/articles)']),
    );
  });

  it('has an @Invalidates on every non-GET handler (or its controller)', () => {
    const undeclared = writes
      .filter(({ fn, controller }) => !Array.isArray(Reflect.getMetadata(INVALIDATES, fn) ?? Reflect.getMetadata(INVALIDATES, controller)))
      .map(({ name }) => `${name} declares no invalidation: add @Invalidates(...tags it changes) or @Invalidates() for none (src/common/cache-tags.ts)`);
    expect(undeclared).toEqual([]);
  });

  it('names only tags of the registry (Tag in src/common/cache-tags.ts)', () => {
    const registry = new Set<unknown>(Object.values(Tag).filter((tag) => typeof tag === 'string'));
    const unknown = handlers.flatMap(({ name, fn, controller }) => {
      const declared = [CACHE_TAGS, INVALIDATES].flatMap((key) => [
        ...((Reflect.getMetadata(key, fn) ?? []) as (ReadTag | WriteTag)[]),
        ...((Reflect.getMetadata(key, controller) ?? []) as (ReadTag | WriteTag)[]),
      ]);
      return declared.filter((tag): tag is string => typeof tag === 'string' && !registry.has(tag)).map((tag) => `${name}: '${tag}'`);
    });
    expect(unknown).toEqual([]);
  });
});

/** A write handler run through the interceptor, with what it changed heard from the real page cache service. */
class Writes {
  @Invalidates(Tag.articles)
  tagged(): void {}

  @Invalidates()
  none(): void {}

  undeclared(): void {}
}

async function run(handler: keyof Writes, status: number, outcome: 'answers' | 'throws' = 'answers'): Promise<Changed[]> {
  // The cache off: invalidate drops in this process and tells its listeners, and asks PostgreSQL nothing.
  const cache = new PageCacheService({ ...config, pageCache: false }, null as never);
  const heard: Changed[] = [];
  cache.onChange((changed) => heard.push(changed));
  const interceptor = new PageCacheInterceptor(cache, new Reflector());
  const request = { method: 'POST', params: {} } as unknown as Request;
  const response = { statusCode: status } as Response;
  const context = new ExecutionContextHost([request, response], Writes, Writes.prototype[handler]);
  context.setType('http');
  const answer = outcome === 'throws' ? throwError(() => new Error('refused')) : of(undefined);
  await lastValueFrom(interceptor.intercept(context, { handle: () => answer })).catch(() => undefined);
  return heard;
}

describe('a write changes only what it declares, and only when it succeeds', () => {
  it('drops its tags when it answers under 400', async () => {
    expect(await run('tagged', 201)).toEqual([[Tag.articles]]);
  });

  it('drops nothing when refused: an exception, or an answer of 4xx or 5xx it set itself', async () => {
    expect(await run('tagged', 200, 'throws')).toEqual([]);
    expect(await run('tagged', 404)).toEqual([]);
    expect(await run('tagged', 500)).toEqual([]);
  });

  it('drops nothing when it declares none, and nothing (never everything) when it declares nothing', async () => {
    expect(await run('none', 200)).toEqual([]);
    expect(await run('undeclared', 200)).toEqual([]);
  });
});
