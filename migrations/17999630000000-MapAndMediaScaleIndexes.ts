import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46 (every page within 1.5x of its cost at 24,700 sites):
 * - "IDX_dive_sites_position": latitude, longitude and id, so the map's view of a box (its count and its grid's
 *   clusters: GET /api/dive-sites/map and /map/view) reads a narrow index (about 120 pages at 24,700 sites)
 *   instead of every site's row (8,500 pages: the descriptions make them wide);
 * - "IDX_dive_sites_upload_mentions": the sites that mention an upload at all (the condition of MediaService's
 *   USES_SQL, word for word, as for articles and reviews in ScaleQueryIndexes), with statistics on the two
 *   expressions: without them the planner guesses a third of the sites match and reads them all (8,500 pages
 *   for every page of the admin's media list); with them it reads the index (1 page when no site uses one).
 */
export class MapAndMediaScaleIndexes17999630000000 implements MigrationInterface {
  name = 'MapAndMediaScaleIndexes17999630000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_position" ON "dive_sites" ("latitude", "longitude") INCLUDE ("id")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_dive_sites_upload_mentions" ON "dive_sites" ("id") WHERE strpos("imageUrl", '/media/uploads/') > 0 OR strpos("videoThumbnail", '/media/uploads/') > 0`,
    );
    await queryRunner.query(
      `CREATE STATISTICS "STAT_dive_sites_upload_mentions" ON (strpos("imageUrl", '/media/uploads/')), (strpos("videoThumbnail", '/media/uploads/')) FROM "dive_sites"`,
    );
    await queryRunner.query(`ANALYZE "dive_sites"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP STATISTICS "STAT_dive_sites_upload_mentions"`);
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_upload_mentions"`);
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_position"`);
  }
}
