import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far a dive site's position can be trusted: a published GPS mark, or an approximate placing. For a
 * wreck or a pinnacle a 2 km error means missing the dive, so the page says which one it is.
 */
export class DiveSitePositionPrecision1795500000000 implements MigrationInterface {
  name = 'DiveSitePositionPrecision1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dive_sites" ADD "position_precision" character varying(20) NOT NULL DEFAULT 'approximate'`);
    await queryRunner.query(
      `ALTER TABLE "dive_sites" ADD CONSTRAINT "CHK_dive_sites_position_precision" CHECK ("position_precision" IN ('mark', 'approximate'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dive_sites" DROP CONSTRAINT "CHK_dive_sites_position_precision"`);
    await queryRunner.query(`ALTER TABLE "dive_sites" DROP COLUMN "position_precision"`);
  }
}
