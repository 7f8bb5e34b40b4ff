import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46: a counter of the changes to what the site-wide search finds among the articles and reviews, moved by
 * triggers in the same transaction as the change, whoever makes it: a post added, removed or truncated away, or
 * a column the search reads changed (its searched text, whether it is published, its dates). The search keeps
 * each type's first results and capped count per process under this counter and the next scheduled post's time
 * (SearchService), so a repeated search reads one row instead of checking 101 reviews' full text again (404
 * buffers for 'wreck' at 100x).
 */
const SEARCHED: Record<'articles' | 'reviews', string[]> = {
  articles: ['title', 'excerpt', 'category', 'published', 'publishedAt', 'createdAt'],
  reviews: ['title', 'category', 'excerpt', 'content', 'published', 'publishedAt', 'createdAt'],
};
const changed = (columns: string[]) => columns.map((column) => `OLD."${column}" IS DISTINCT FROM NEW."${column}"`).join(' OR ');

/** Each table's triggers: its name's end and when it fires (a statement that adds or removes no row moves nothing). */
const triggers = (table: 'articles' | 'reviews'): [name: string, when: string][] => [
  ['insert', `AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT`],
  ['delete', `AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT`],
  ['truncate', `AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT`],
  ['update', `AFTER UPDATE ON "${table}" FOR EACH ROW WHEN (${changed(SEARCHED[table])})`],
];
const TABLES = ['articles', 'reviews'] as const;

export class PostSearchRevision17999640000000 implements MigrationInterface {
  name = 'PostSearchRevision17999640000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "post_search_revision" ("one" boolean PRIMARY KEY DEFAULT true CHECK ("one"), "revision" bigint NOT NULL DEFAULT 1)`);
    await queryRunner.query(`INSERT INTO "post_search_revision" DEFAULT VALUES`);
    await queryRunner.query(`
      CREATE FUNCTION "post_search_revision_next"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' AND TG_OP IN ('INSERT', 'DELETE') THEN
          IF NOT EXISTS (SELECT 1 FROM "changed") THEN
            RETURN NULL;
          END IF;
        END IF;
        UPDATE "post_search_revision" SET "revision" = "revision" + 1;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      for (const [name, when] of triggers(table)) {
        await queryRunner.query(`CREATE TRIGGER "TRG_${table}_search_revision_${name}" ${when} EXECUTE FUNCTION "post_search_revision_next"()`);
      }
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      for (const [name] of triggers(table)) await queryRunner.query(`DROP TRIGGER "TRG_${table}_search_revision_${name}" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "post_search_revision_next"()`);
    await queryRunner.query(`DROP TABLE "post_search_revision"`);
  }
}
