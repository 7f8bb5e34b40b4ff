import type { Server } from 'node:http';
import type { NestInterceptor, PipeTransform } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { RequestHandler } from 'express';
import { answerFirst, type FirstAnswer } from './answer-first';

/**
 * One stage a request passes through before its controller. The stages are mounted in the order they are
 * listed (src/app.setup.ts), whatever their kind: `first` answers on the bare Node request ahead of
 * Express, `use` is an Express middleware (optionally at a path), `intercept` runs around the matched
 * route's handler once its guards have passed, `pipe` turns its parameters into DTOs.
 */
export type Stage =
  | { kind: 'first'; answer: FirstAnswer }
  | { kind: 'use'; path?: string; handlers: RequestHandler[] }
  | { kind: 'intercept'; interceptor: NestInterceptor }
  | { kind: 'pipe'; pipe: PipeTransform };

export const first = (answer: FirstAnswer): Stage => ({ kind: 'first', answer });
export const use = (...handlers: RequestHandler[]): Stage => ({ kind: 'use', handlers });
export const useAt = (path: string, ...handlers: RequestHandler[]): Stage => ({ kind: 'use', path, handlers });
export const intercept = (interceptor: NestInterceptor): Stage => ({ kind: 'intercept', interceptor });
export const pipe = (transform: PipeTransform): Stage => ({ kind: 'pipe', pipe: transform });

/**
 * Mounts the stages in their order; a `null` (a stage switched off by configuration) is passed over. The
 * `first` answers wrap the server once, asked in their order ahead of Express; Express's middlewares run
 * in their order; Nest runs the interceptors in theirs, then the pipes.
 */
export function mountEdge(app: NestExpressApplication, stages: (Stage | null)[]): void {
  const firsts: FirstAnswer[] = [];
  const interceptors: NestInterceptor[] = [];
  const pipes: PipeTransform[] = [];
  for (const stage of stages) {
    if (!stage) continue;
    if (stage.kind === 'first') firsts.push(stage.answer);
    else if (stage.kind === 'use') {
      if (stage.path) app.use(stage.path, ...stage.handlers);
      else app.use(...stage.handlers);
    } else if (stage.kind === 'intercept') interceptors.push(stage.interceptor);
    else pipes.push(stage.pipe);
  }
  answerFirst(app.getHttpServer() as Server, firsts);
  app.useGlobalInterceptors(...interceptors);
  app.useGlobalPipes(...pipes);
}
