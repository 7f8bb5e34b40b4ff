import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46: the administrator's choice of a dive site's tide station: a station id of @neaps/tide-database
 * ('ticon/queenscliff-60732-aus-bom'), 'none' for a site without tide, or null to choose by position.
 */
export class DiveSiteTideStation1798700000001 implements MigrationInterface {
  name = 'DiveSiteTideStation1798700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dive_sites" ADD "tideStation" character varying(120)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dive_sites" DROP COLUMN "tideStation"`);
  }
}
