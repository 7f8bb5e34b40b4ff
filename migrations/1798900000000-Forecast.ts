import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46: the marine forecast, kept per grid cell of 0.25° (src/forecast), and each site's exposure profile.
 * - forecast_cells: one row per cell any site falls in; its days (jsonb, core/outlook/forecast.ts's ForecastDay[])
 *   and the time they were fetched stay until a newer fetch succeeds; a failed one records its time and error only.
 * - dive_sites."swellExposure" / "onshoreWinds": compass points (N, NE, ... NW); null: not profiled.
 */
export class Forecast1798900000000 implements MigrationInterface {
  name = 'Forecast1798900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "forecast_cells" (
        "cell" varchar(40) PRIMARY KEY,
        "latitude" double precision NOT NULL,
        "longitude" double precision NOT NULL,
        "days" jsonb,
        "utc_offset_seconds" integer,
        "fetched_at" timestamptz,
        "attempted_at" timestamptz,
        "requested_at" timestamptz,
        "last_error" text
      )`);
    await queryRunner.query(`ALTER TABLE "dive_sites" ADD "swellExposure" varchar(2)[]`);
    await queryRunner.query(`ALTER TABLE "dive_sites" ADD "onshoreWinds" varchar(2)[]`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dive_sites" DROP COLUMN "onshoreWinds"`);
    await queryRunner.query(`ALTER TABLE "dive_sites" DROP COLUMN "swellExposure"`);
    await queryRunner.query(`DROP TABLE "forecast_cells"`);
  }
}
