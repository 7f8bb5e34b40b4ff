import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46, the pages at 24,700 sites (the scale bench), each an index the query already asks for:
 * - "IDX_dive_sites_region_order": a region's sites in the lists' order (name as HUMAN_ORDER, then id), with
 *   their position: a region's page reads its first cards from it and stops (it walked the whole name index,
 *   filtering 346 rows for 24 at 100x), counts its sites and takes their box (the map's) from the index alone
 *   (the box read 1,012 pages of 1,140 sites' rows at 100x);
 * - "IDX_articles_published_times" and "IDX_reviews_published_times": the published posts' two times, so the
 *   count of the visible ones (`COALESCE("publishedAt", "createdAt") <= now`, the API's X-Total-Count) is an
 *   index-only scan (17 pages for 9,500 articles at 100x, where it read 527 of their rows); the existing
 *   expression index (newest first) cannot answer it alone, as PostgreSQL does not return an expression's
 *   columns from it.
 */
export class ListScaleIndexes17999620000000 implements MigrationInterface {
  name = 'ListScaleIndexes17999620000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(
      `CREATE INDEX "IDX_dive_sites_region_order" ON "dive_sites" ("region", "name" COLLATE "und-x-icu", "id") INCLUDE ("latitude", "longitude")`,
    );
    for (const table of ['articles', 'reviews']) {
      await queryRunner.query(`CREATE INDEX "IDX_${table}_published_times" ON "${table}" ("publishedAt", "createdAt") WHERE "published"`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['articles', 'reviews']) await queryRunner.query(`DROP INDEX "IDX_${table}_published_times"`);
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_region_order"`);
  }
}
