import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, part 4: a site's nearest neighbours in constant work. Each site's position as a point on the
 * unit sphere (x, y, z: a site at longitude 179.9 is next to one at -179.9) in a GiST index of the `cube`
 * extension (it ships with PostgreSQL), which answers 'the k nearest' in index order (cube's <->, the
 * straight line through the sphere, in the same order as the great circle) and 'within this box' (@>)
 * without reading every site. The point is made by this migration's own function, its body naming cube's
 * schema, so a backup restores the index whatever the search path (earthdistance's ll_to_earth, before its
 * version 1.2 of PostgreSQL 16, does not). A database that cannot have cube (a managed server that does not
 * allow it) keeps working: DiveSitesService.nearby asks whether the index exists and otherwise reads the
 * band of latitude (IDX_dive_sites_latitude) as before.
 */
export class NearbySiteIndex1797700000000 implements MigrationInterface {
  name = 'NearbySiteIndex1797700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$
      DECLARE
        schema text;
      BEGIN
        CREATE EXTENSION IF NOT EXISTS cube;
        SELECT quote_ident(namespace.nspname) INTO schema
          FROM pg_extension extension JOIN pg_namespace namespace ON namespace.oid = extension.extnamespace
          WHERE extension.extname = 'cube';
        EXECUTE format($sql$
          CREATE FUNCTION "dive_site_point"(latitude float8, longitude float8) RETURNS %1$s.cube
          LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
          AS 'SELECT %1$s.cube(ARRAY[cos(radians($1)) * cos(radians($2)), cos(radians($1)) * sin(radians($2)), sin(radians($1))])'
        $sql$, schema);
        CREATE INDEX "IDX_dive_sites_earth" ON "dive_sites" USING gist ("dive_site_point"("latitude"::float8, "longitude"::float8));
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'cube is not available (%): nearby sites are read by a band of latitude', SQLERRM;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The extension may serve other things by now: it stays.
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_dive_sites_earth"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS "dive_site_point"(float8, float8)`);
  }
}
