import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SPEC section 5's dive-site text search (a case-insensitive substring of name, description, region or
 * marine life) is what every site's page runs for its own name, and what /dive-sites and the API run for a
 * visitor's term. Without an index it reads every site's text (about 15 ms at 2,500 sites); a trigram index
 * (pg_trgm) on the four fields joined (as src/dive-sites/dive-site-text.ts searches them) answers a term of
 * three characters or more from the index. A database that cannot have pg_trgm (a managed server that does
 * not allow it) keeps working without the index: the search reads every site, as before.
 */
export class DiveSiteTextIndex1795700000000 implements MigrationInterface {
  name = 'DiveSiteTextIndex1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$
      BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm is not available (%): the dive-site text search reads every site', SQLERRM;
      END $$`);
    await queryRunner.query(`
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          CREATE INDEX "IDX_dive_sites_text" ON "dive_sites" USING gin (
            ("name" || E'\\x1f' || "description" || E'\\x1f' || "region" || E'\\x1f' || COALESCE("marineLife", '')) gin_trgm_ops
          );
        END IF;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_dive_sites_text"`);
  }
}
