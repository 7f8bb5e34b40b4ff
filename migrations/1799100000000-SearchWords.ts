import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 47 item 4, a search that forgives: the words the site knows, each once, with its weight (3 a region's
 * word, 2 a site name's, 1 marine life, a published product's name, a category), so a misspelt word of a
 * search that finds nothing ('sydny', 'regulater') is corrected to the closest known word
 * (src/search/search-words.ts) before the text search runs again. A trigram index (pg_trgm) finds the
 * closest words without reading them all; triggers add the words of every site, product, article and review
 * written, in the same transaction (words are never removed: a stale word only finds nothing). Drafts give
 * only their category, never their title. Without pg_trgm the table is kept but not corrected from.
 */
export class SearchWords1799100000000 implements MigrationInterface {
  name = 'SearchWords1799100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "search_words" ("word" text PRIMARY KEY, "weight" smallint NOT NULL)`);
    await queryRunner.query(`
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          CREATE INDEX "IDX_search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);
        END IF;
      END $$`);
    // A text's words: lower case, letters only, three or more of them.
    await queryRunner.query(`
      CREATE FUNCTION "search_words_add"(words text, weight smallint) RETURNS void LANGUAGE sql AS $$
        INSERT INTO "search_words" ("word", "weight")
        SELECT DISTINCT w, weight FROM regexp_split_to_table(lower(COALESCE(words, '')), '[^[:alpha:]]+') w WHERE length(w) >= 3 AND length(w) <= 40
        ON CONFLICT ("word") DO UPDATE SET "weight" = EXCLUDED."weight" WHERE "search_words"."weight" < EXCLUDED."weight"
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION "search_words_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'dive_sites' THEN
          PERFORM "search_words_add"(NEW."region", 3::smallint);
          PERFORM "search_words_add"(NEW."name", 2::smallint);
          PERFORM "search_words_add"(NEW."marineLife", 1::smallint);
        ELSIF TG_TABLE_NAME = 'products' THEN
          PERFORM "search_words_add"(NEW."category", 1::smallint);
          IF NEW."published" THEN PERFORM "search_words_add"(NEW."name", 1::smallint); END IF;
        ELSE
          PERFORM "search_words_add"(NEW."category", 1::smallint);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_search_words_dive_sites" AFTER INSERT OR UPDATE OF "name", "region", "marineLife" ON "dive_sites" FOR EACH ROW EXECUTE FUNCTION "search_words_of_row"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_search_words_products" AFTER INSERT OR UPDATE OF "name", "category", "published" ON "products" FOR EACH ROW EXECUTE FUNCTION "search_words_of_row"()`,
    );
    for (const table of ['articles', 'reviews']) {
      await queryRunner.query(
        `CREATE TRIGGER "TRG_search_words_${table}" AFTER INSERT OR UPDATE OF "category" ON "${table}" FOR EACH ROW EXECUTE FUNCTION "search_words_of_row"()`,
      );
    }
    await queryRunner.query(`
      SELECT "search_words_add"(string_agg(DISTINCT "region", ' '), 3::smallint),
             "search_words_add"(string_agg("name", ' '), 2::smallint),
             "search_words_add"(string_agg("marineLife", ' '), 1::smallint)
      FROM "dive_sites"`);
    await queryRunner.query(
      `SELECT "search_words_add"(string_agg("category" || CASE WHEN "published" THEN ' ' || "name" ELSE '' END, ' '), 1::smallint) FROM "products"`,
    );
    await queryRunner.query(`SELECT "search_words_add"(string_agg(DISTINCT "category", ' '), 1::smallint) FROM "articles"`);
    await queryRunner.query(`SELECT "search_words_add"(string_agg(DISTINCT "category", ' '), 1::smallint) FROM "reviews"`);
    // An article's 'Read next' of the same dive site (DiveSitesService.articlesLinkedWith): the sites linking
    // to it by their blog article or review link, found without reading every site.
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_blog_slug" ON "dive_sites" ("blogSlug") WHERE "blogSlug" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_dive_sites_review_link" ON "dive_sites" ("reviewLink") WHERE "reviewLink" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_review_link"`);
    await queryRunner.query(`DROP INDEX "IDX_dive_sites_blog_slug"`);
    for (const table of ['dive_sites', 'products', 'articles', 'reviews']) await queryRunner.query(`DROP TRIGGER "TRG_search_words_${table}" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "search_words_of_row"()`);
    await queryRunner.query(`DROP FUNCTION "search_words_add"(text, smallint)`);
    await queryRunner.query(`DROP TABLE "search_words"`);
  }
}
