import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A site's page lists the sites within NEARBY_KM of it (DiveSitesService.nearby): the sites in that band of
 * latitude are read from this index, so the page reads its neighbours and not every site.
 */
export class DiveSiteLatitudeIndex1795800000000 implements MigrationInterface {
  name = 'DiveSiteLatitudeIndex1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_latitude" ON "dive_sites" ("latitude")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_latitude"`);
  }
}
