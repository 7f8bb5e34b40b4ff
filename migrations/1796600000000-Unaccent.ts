import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dive-site search tolerates accents ('vallee des gorgones' finds 'Vallée des Gorgones') through the
 * unaccent extension, and misspellings through pg_trgm's word similarity (1795700000000). A database that
 * cannot have unaccent (a managed server that does not allow it) keeps working: the search then compares
 * letters as they are written (src/dive-sites/dive-site-text.ts asks which extensions exist).
 */
export class Unaccent1796600000000 implements MigrationInterface {
  name = 'Unaccent1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$
      BEGIN
        CREATE EXTENSION IF NOT EXISTS unaccent;
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'unaccent is not available (%): the dive-site search compares accented letters as written', SQLERRM;
      END $$`);
  }

  public async down(): Promise<void> {
    // The extension may serve other things by now: it stays.
  }
}
