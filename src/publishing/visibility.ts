import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * What the public may see of articles and reviews: published, and its publish date reached (a post
 * published with a later date is scheduled until then). Every public read goes through this one
 * condition. It is written on the expression the newest-first partial indexes hold (`WHERE published`,
 * COALESCE(publishedAt, createdAt)), so a list still reads its rows in index order from `now` down.
 * `now` comes from the application's clock, the one the page cache's expiry is counted on.
 */
export function visibleAt<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, alias: string, now: Date): SelectQueryBuilder<T> {
  return query.andWhere(`"${alias}"."published" = true AND COALESCE("${alias}"."publishedAt", "${alias}"."createdAt") <= :visibleNow`, { visibleNow: now });
}
