import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46: GET /api/dive-sites/map (every site, or past MAP_LIST_MAX the world's clusters) is kept per process
 * under the sites' revision (src/dive-sites/dive-site-map.service.ts), so the revision also moves when the one
 * column the map reads that no earlier trigger watches changes: "featured" (the rows, the text, the filters'
 * columns and the position already move it: DiveSiteRevision, OutlookRevision).
 */
export class MapRevision17999630000002 implements MigrationInterface {
  name = 'MapRevision17999630000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER "TRG_dive_site_revision_map" AFTER UPDATE ON "dive_sites" FOR EACH ROW WHEN (OLD."featured" IS DISTINCT FROM NEW."featured") EXECUTE FUNCTION "dive_site_revision_next"('revision')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_dive_site_revision_map" ON "dive_sites"`);
  }
}
