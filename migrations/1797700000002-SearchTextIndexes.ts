import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31, part 5: the global search (SPEC section 5: /search and the header's dropdown) finds articles by
 * title, excerpt and category and reviews by title, category, excerpt and content, a case-insensitive
 * substring. A trigram index (pg_trgm, as the dive sites' IDX_dive_sites_text) on each type's fields joined
 * by a unit separator, the expression src/search/search.service.ts searches, answers a term of three
 * characters or more from the index instead of reading every post's text (10,000 reviews' bodies at 100x).
 * Without pg_trgm (a managed server that does not allow it) the search reads every post, as before.
 */
export class SearchTextIndexes1797700000002 implements MigrationInterface {
  name = 'SearchTextIndexes1797700000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Indexing 10,000 reviews' bodies outlasts the server's statement timeout: lifted for this migration's transaction alone.
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(`
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          CREATE INDEX "IDX_articles_search_text" ON "articles" USING gin (
            ("title" || E'\\x1f' || "excerpt" || E'\\x1f' || "category") gin_trgm_ops
          );
          CREATE INDEX "IDX_reviews_search_text" ON "reviews" USING gin (
            ("title" || E'\\x1f' || "category" || E'\\x1f' || "excerpt" || E'\\x1f' || "content") gin_trgm_ops
          );
        END IF;
      END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_reviews_search_text"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_articles_search_text"`);
  }
}
