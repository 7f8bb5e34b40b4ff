import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { ListSliceQueryDto } from 'src/lists/list-slice.dto';

/**
 * Rows in one page of an administrator's list when the call names no `limit` (at most MAX_LIST_LIMIT, 100):
 * every admin list is read a page at a time, so a list of 100,000 subscribers or 10,000 reviews answers
 * in constant memory and time (issue 31).
 */
export const ADMIN_PAGE_SIZE = 25;

/** Rows of a public list call (GET /api/articles, /api/reviews/published) when the call names no `limit`. */
export const PUBLIC_PAGE_SIZE = 100;

/** The longest search an admin list accepts. */
export const ADMIN_SEARCH_MAX = 200;

/** `limit`, `offset` and `q` (a case-insensitive search) of an administrator's list. */
export class AdminPageQueryDto extends ListSliceQueryDto {
  @ApiPropertyOptional({ maxLength: ADMIN_SEARCH_MAX, description: 'Only the rows whose text holds this (case-insensitive)' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'q must be text' })
  @MaxLength(ADMIN_SEARCH_MAX, { message: `q must be at most ${ADMIN_SEARCH_MAX} characters` })
  q?: string;
}

/** One page of a list: its rows and how many rows the whole list (with its search) has. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** The page an admin list reads: the slice asked for, ADMIN_PAGE_SIZE rows from the start by default. */
export function adminSlice(slice: { limit?: number; offset?: number }): { limit: number; offset: number } {
  return { limit: slice.limit ?? ADMIN_PAGE_SIZE, offset: slice.offset ?? 0 };
}

/** `%text%` for ILIKE, its own % and _ and \ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Tells the client about the whole list beside the page's rows (the body stays the list SPEC shows):
 * `X-Total-Count`, and a `Link` header (RFC 8288) with the `next` and `prev` pages' addresses, as GitHub's API does.
 */
export function sendPageHeaders(request: Request, response: Response, total: number, slice: { limit: number; offset: number }): void {
  response.setHeader('X-Total-Count', String(total));
  const links: string[] = [];
  const at = (offset: number) => {
    const url = new URL(request.originalUrl, 'http://host');
    url.searchParams.set('limit', String(slice.limit));
    url.searchParams.set('offset', String(offset));
    return `${url.pathname}${url.search}`;
  };
  if (slice.offset + slice.limit < total) links.push(`<${at(slice.offset + slice.limit)}>; rel="next"`);
  if (slice.offset > 0) links.push(`<${at(Math.max(0, slice.offset - slice.limit))}>; rel="prev"`);
  if (links.length) response.setHeader('Link', links.join(', '));
}
