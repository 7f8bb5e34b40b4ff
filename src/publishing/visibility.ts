import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * What the public may see of articles and reviews: published, and its publish date reached (a post
 * published with a later date is scheduled until then). Every public read goes through this one
 * condition. It is written on the expression the newest-first partial indexes hold (`WHERE published`,
 * COALESCE(publishedAt, createdAt)), so a list still reads its rows in index order from `now` down.
 * `now` comes from the application's clock, the one the page cache's expiry is counted on.
 */
export function visibleAt<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, now: Date): SelectQueryBuilder<T> {
  return query.andWhere(visibleSql(alias), { visibleNow: now });
}

/** The condition itself, true where `alias`'s row is visible at the parameter `:visibleNow` (for a select of it). */
export function visibleSql(alias: string): string {
  return `"${alias}"."published" = true AND COALESCE("${alias}"."publishedAt", "${alias}"."createdAt") <= :visibleNow`;
}
