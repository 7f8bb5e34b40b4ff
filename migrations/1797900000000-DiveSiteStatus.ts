import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30: a site's kind and access (filters), its status (open, restricted, closed) with its note, date and
 * source, the date its facts were last checked, and the sources behind them. Existing rows keep the defaults
 * and a null lastChecked until the seed fills them from data/dive-sites (SeedService.fillProvenance).
 */
export class DiveSiteStatus1797900000000 implements MigrationInterface {
  name = 'DiveSiteStatus1797900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "dive_sites"
         ADD "kind" character varying(20) NOT NULL DEFAULT 'other',
         ADD "access" character varying(10) NOT NULL DEFAULT 'both',
         ADD "status" character varying(20) NOT NULL DEFAULT 'open',
         ADD "statusNote" text,
         ADD "statusSince" date,
         ADD "statusSource" text,
         ADD "lastChecked" date,
         ADD "sources" jsonb NOT NULL DEFAULT '[]'`,
    );
    await queryRunner.query(
      `ALTER TABLE "dive_sites" ADD CONSTRAINT "CHK_dive_sites_kind" CHECK ("kind" IN ('wreck', 'reef', 'wall', 'cave-sinkhole', 'jetty-pier', 'drift', 'other'))`,
    );
    await queryRunner.query(`ALTER TABLE "dive_sites" ADD CONSTRAINT "CHK_dive_sites_access" CHECK ("access" IN ('shore', 'boat', 'both'))`);
    await queryRunner.query(`ALTER TABLE "dive_sites" ADD CONSTRAINT "CHK_dive_sites_status" CHECK ("status" IN ('open', 'restricted', 'closed'))`);
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_kind" ON "dive_sites" ("kind")`);
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_access" ON "dive_sites" ("access")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_access"`);
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_kind"`);
    await queryRunner.query(
      `ALTER TABLE "dive_sites" DROP CONSTRAINT "CHK_dive_sites_status", DROP CONSTRAINT "CHK_dive_sites_access", DROP CONSTRAINT "CHK_dive_sites_kind",
         DROP COLUMN "sources", DROP COLUMN "lastChecked", DROP COLUMN "statusSource", DROP COLUMN "statusSince", DROP COLUMN "statusNote",
         DROP COLUMN "status", DROP COLUMN "access", DROP COLUMN "kind"`,
    );
  }
}
