/**
 * The totals kept by the database itself (migration KeptRowCounts: statement triggers on each table), so an
 * admin list's first page reads its total from one row instead of counting every row (100,000 comments or
 * subscribers, a million ratings at 100x). A flag's total ("comments:approved") counts the rows where it is true.
 */
export type KeptCount =
  | 'comments'
  | 'comments:approved'
  | 'newsletters'
  | 'newsletters:subscribed'
  | 'dive_site_ratings'
  | 'articles'
  | 'articles:published'
  | 'reviews'
  | 'reviews:published';

/** Anything that runs SQL: a repository, an entity manager, a data source. */
interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** The totals asked for, exact as of this statement. */
export async function keptCounts<Name extends KeptCount>(db: Queryable, names: Name[]): Promise<Record<Name, number>> {
  const rows = (await db.query(`SELECT "name", "count"::float8 AS "count" FROM "row_counts" WHERE "name" = ANY($1)`, [names])) as {
    name: Name;
    count: number;
  }[];
  const found = new Map(rows.map((row) => [row.name, row.count]));
  return Object.fromEntries(
    names.map((name) => {
      const count = found.get(name);
      if (count === undefined) throw new Error(`row_counts has no "${name}"`);
      return [name, count];
    }),
  ) as Record<Name, number>;
}
