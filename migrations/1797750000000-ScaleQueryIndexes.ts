import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, after the hundredfold bench:
 * - "IDX_dive_sites_name_order": the sites in the order every list shows them (HUMAN_ORDER, then id), so a
 *   page of the text search ('reef' finds most of 24,700 sites) walks the index and stops at its page
 *   instead of sorting every match;
 * - "IDX_<table>_upload_mentions": the rows of the big tables that mention an upload at all (partial indexes
 *   whose condition is MediaService's USES_SQL's, word for word), so the admin's media list finds where a page
 *   of uploads is used from those rows, not by reading every article's and review's text (the sites' two
 *   short columns are read whole: at 30x the planner rightly prefers that to such an index).
 */
const MENTIONS: [table: string, columns: string[]][] = [
  ['articles', ['imageUrl', 'videoThumbnail', 'content']],
  ['reviews', ['imageUrl', 'content']],
];

export class ScaleQueryIndexes1797750000000 implements MigrationInterface {
  name = 'ScaleQueryIndexes1797750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_name_order" ON "dive_sites" ("name" COLLATE "und-x-icu", "id")`);
    for (const [table, columns] of MENTIONS) {
      const mentions = columns.map((column) => `strpos("${column}", '/media/uploads/') > 0`).join(' OR ');
      await queryRunner.query(`CREATE INDEX "IDX_${table}_upload_mentions" ON "${table}" ("id") WHERE ${mentions}`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of MENTIONS) await queryRunner.query(`DROP INDEX "IDX_${table}_upload_mentions"`);
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_name_order"`);
  }
}
