import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46: the sites' outlooks (cards, the outlook filter, 'Where to dive this weekend') are kept per process
 * under the sites' revision (src/forecast/site-outlooks.service.ts), so the revision also moves when a column
 * the outlook rules or the weekend list read changes: the status, the exposure profile, the position.
 */
const OUTLOOK_COLUMNS = ['status', 'swellExposure', 'onshoreWinds', 'latitude', 'longitude'];
const changed = OUTLOOK_COLUMNS.map((column) => `OLD."${column}" IS DISTINCT FROM NEW."${column}"`).join(' OR ');

export class OutlookRevision1799200000000 implements MigrationInterface {
  name = 'OutlookRevision1799200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER "TRG_dive_site_revision_outlook" AFTER UPDATE ON "dive_sites" FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION "dive_site_revision_next"('revision')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_dive_site_revision_outlook" ON "dive_sites"`);
  }
}
