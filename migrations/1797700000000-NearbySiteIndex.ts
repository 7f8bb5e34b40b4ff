import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, part 4: a site's nearest neighbours in constant work. Each site's position as a point in space
 * (earthdistance's ll_to_earth: x, y, z on a sphere, so a site at longitude 179.9 is next to one at -179.9)
 * in a GiST index of cube, which answers 'the k nearest' in index order (cube's <-> distance) and 'within
 * this box' (@>) without reading every site. Both extensions ship with PostgreSQL. A database that cannot
 * have them (a managed server that does not allow them) keeps working: DiveSitesService.nearby asks whether
 * the index exists and otherwise reads the band of latitude (IDX_dive_sites_latitude) as before.
 */
export class NearbySiteIndex1797700000000 implements MigrationInterface {
  name = 'NearbySiteIndex1797700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$
      BEGIN
        CREATE EXTENSION IF NOT EXISTS cube;
        CREATE EXTENSION IF NOT EXISTS earthdistance;
        CREATE INDEX "IDX_dive_sites_earth" ON "dive_sites" USING gist (ll_to_earth("latitude"::float8, "longitude"::float8));
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'cube and earthdistance are not available (%): nearby sites are read by a band of latitude', SQLERRM;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The extensions may serve other things by now: they stay.
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_dive_sites_earth"`);
  }
}
