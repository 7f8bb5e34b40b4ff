import { Injectable, NotFoundException, Query, type PipeTransform, type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

/**
 * A page's query string as a typed DTO (class-validator rules, as the API's DTOs), read as a page reads its
 * address rather than as the API reads a request: parameters the DTO does not name (utm_source, fbclid) are
 * ignored, and a value that breaks its rule is dropped, so the page shows its default (`?skill=expert`
 * shows every skill level), never a 400. A field listed in `notFoundIfInvalid` names a page instead: a bad
 * value there is the site's 404 (`?page=abc`), as a page past the end is.
 */
export abstract class PageQuery {
  static readonly notFoundIfInvalid: readonly string[] = [];
}

export function isPageQuery(metatype: unknown): boolean {
  return typeof metatype === 'function' && metatype.prototype instanceof PageQuery;
}

@Injectable()
export class PageQueryPipe<T extends PageQuery> implements PipeTransform<unknown, T> {
  constructor(private readonly dto: Type<T> & { notFoundIfInvalid: readonly string[] }) {}

  transform(value: unknown): T {
    const raw = typeof value === 'object' && value !== null ? value : {};
    const query = plainToInstance(this.dto, raw);
    for (const error of validateSync(query, { whitelist: true, forbidUnknownValues: false })) {
      if (this.dto.notFoundIfInvalid.includes(error.property)) throw new NotFoundException('Page not found');
      delete (query as Record<string, unknown>)[error.property];
    }
    return query;
  }
}

/** `@PageQueryOf(BlogQuery) query: BlogQuery`: the route's query string read through `dto` (see PageQuery). */
export function PageQueryOf<T extends PageQuery>(dto: Type<T> & { notFoundIfInvalid: readonly string[] }): ParameterDecorator {
  return Query(new PageQueryPipe(dto));
}
