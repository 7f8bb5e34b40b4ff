import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31 (a hundredfold content):
 * - every administrator's list is read a page at a time, newest first: each has an index in that order, so a
 *   page of 100,000 subscribers or 1,000,000 ratings reads its own rows and not a sort of all of them;
 * - each dive site keeps the count and the sum of its ratings ("ratingCount", "ratingSum"), kept by triggers
 *   on every insert, delete and change of ratings (the public form, moderation, an import, SQL), so 'top
 *   rated', the cards and the pages read two columns instead of aggregating every rating.
 */
export class ScaleIndexesAndRatingTotals1796700000000 implements MigrationInterface {
  name = 'ScaleIndexesAndRatingTotals1796700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Indexing a million ratings and summing them outlasts the server's statement timeout: this
    // migration's transaction (each migration runs in its own) lifts it for itself alone.
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    for (const table of ['comments', 'newsletters', 'media', 'dive_site_ratings', 'articles', 'reviews']) {
      await queryRunner.query(`CREATE INDEX "IDX_${table}_newest" ON "${table}" ("createdAt" DESC, "id" DESC)`);
    }
    await queryRunner.query(`ALTER TABLE "dive_sites" ADD "ratingCount" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "dive_sites" ADD "ratingSum" integer NOT NULL DEFAULT 0`);
    // The totals of the ratings there are, a thousand sites at a time: each statement short, however many ratings there are.
    const [{ last }] = (await queryRunner.query(`SELECT coalesce(max(id), 0) AS last FROM "dive_sites"`)) as { last: number }[];
    for (let from = 1; from <= last; from += 1000) {
      await queryRunner.query(
        `UPDATE "dive_sites" site SET "ratingCount" = totals.n, "ratingSum" = totals.stars
         FROM (SELECT "diveSiteId", count(*)::int AS n, sum(rating)::int AS stars FROM "dive_site_ratings"
               WHERE "diveSiteId" BETWEEN $1 AND $2 GROUP BY "diveSiteId") totals
         WHERE totals."diveSiteId" = site.id`,
        [from, from + 999],
      );
    }
    // Once per statement, from the rows it changed (transition tables): a bulk insert of a million ratings
    // makes one UPDATE per site it touched, not one per rating.
    await queryRunner.query(`
      CREATE FUNCTION "dive_site_rating_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE "dive_sites" site SET "ratingCount" = site."ratingCount" - gone.n, "ratingSum" = site."ratingSum" - gone.stars
          FROM (SELECT "diveSiteId", count(*)::int AS n, sum(rating)::int AS stars FROM old_rows GROUP BY "diveSiteId") gone
          WHERE site.id = gone."diveSiteId";
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE "dive_sites" site SET "ratingCount" = site."ratingCount" + came.n, "ratingSum" = site."ratingSum" + came.stars
          FROM (SELECT "diveSiteId", count(*)::int AS n, sum(rating)::int AS stars FROM new_rows GROUP BY "diveSiteId") came
          WHERE site.id = came."diveSiteId";
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_dive_site_rating_totals_insert" AFTER INSERT ON "dive_site_ratings"
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dive_site_rating_totals"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_dive_site_rating_totals_delete" AFTER DELETE ON "dive_site_ratings"
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dive_site_rating_totals"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_dive_site_rating_totals_update" AFTER UPDATE ON "dive_site_ratings"
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dive_site_rating_totals"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'delete', 'update']) {
      await queryRunner.query(`DROP TRIGGER "TRG_dive_site_rating_totals_${event}" ON "dive_site_ratings"`);
    }
    await queryRunner.query(`DROP FUNCTION "dive_site_rating_totals"()`);
    await queryRunner.query(`ALTER TABLE "dive_sites" DROP COLUMN "ratingSum"`);
    await queryRunner.query(`ALTER TABLE "dive_sites" DROP COLUMN "ratingCount"`);
    for (const table of ['comments', 'newsletters', 'media', 'dive_site_ratings', 'articles', 'reviews']) {
      await queryRunner.query(`DROP INDEX "IDX_${table}_newest"`);
    }
  }
}
