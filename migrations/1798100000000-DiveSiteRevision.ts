import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: two counters of the changes to the dive sites, moved by triggers in the same transaction as the
 * change, whoever makes it (the API, an import, another process, SQL by hand):
 * - "revision": a row added, removed or truncated away, or a column the text search or the explorer's filters
 *   read changed (name, description, region, marine life, skill level, depth range, kind, access);
 * - "ratings": a site's rating totals changed (the ratings' own triggers do it for every rating written or removed).
 * The site text search, the region counts and 'Top rated' pages are kept per process under the counters they
 * were read at (DiveSitesService), so a site's page reads one row instead of searching 24,700 sites' text for
 * its name (22 ms at 100x) and counting them by region (5 ms), and 'Top rated' instead of ordering every site
 * by its Bayesian average (25 ms).
 */
/** The columns the text search and the explorer's filters read, and the rating totals. */
const SEARCHED = ['name', 'description', 'region', 'marineLife', 'skillLevel', 'depthRange', 'kind', 'access'];
const RATINGS = ['ratingCount', 'ratingSum'];
const changed = (columns: string[]) => columns.map((column) => `OLD."${column}" IS DISTINCT FROM NEW."${column}"`).join(' OR ');

/**
 * Each trigger: its name's end, when it fires, and the counter it moves. A statement that changes no row (a
 * DELETE of a site that is not there, an UPDATE that sets the same values) moves nothing: rows added or
 * removed are counted from the statement's transition table, and an update moves a counter for each row
 * whose columns really changed.
 */
const TRIGGERS: [name: string, when: string, counter: 'revision' | 'ratings'][] = [
  ['insert', 'AFTER INSERT ON "dive_sites" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT', 'revision'],
  ['delete', 'AFTER DELETE ON "dive_sites" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT', 'revision'],
  ['truncate', 'AFTER TRUNCATE ON "dive_sites" FOR EACH STATEMENT', 'revision'],
  ['text', `AFTER UPDATE ON "dive_sites" FOR EACH ROW WHEN (${changed(SEARCHED)})`, 'revision'],
  ['ratings', `AFTER UPDATE ON "dive_sites" FOR EACH ROW WHEN (${changed(RATINGS)})`, 'ratings'],
];

export class DiveSiteRevision1798100000000 implements MigrationInterface {
  name = 'DiveSiteRevision1798100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "dive_site_revision" ("one" boolean PRIMARY KEY DEFAULT true CHECK ("one"), "revision" bigint NOT NULL DEFAULT 1, "ratings" bigint NOT NULL DEFAULT 1)`,
    );
    await queryRunner.query(`INSERT INTO "dive_site_revision" DEFAULT VALUES`);
    // The statement triggers of INSERT and DELETE see the rows in "changed"; the others fire only for a change.
    await queryRunner.query(`
      CREATE FUNCTION "dive_site_revision_next"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' AND TG_OP IN ('INSERT', 'DELETE') THEN
          IF NOT EXISTS (SELECT 1 FROM "changed") THEN
            RETURN NULL;
          END IF;
        END IF;
        IF TG_ARGV[0] = 'ratings' THEN
          UPDATE "dive_site_revision" SET "ratings" = "ratings" + 1;
        ELSE
          UPDATE "dive_site_revision" SET "revision" = "revision" + 1;
        END IF;
        RETURN NULL;
      END $$`);
    for (const [name, when, counter] of TRIGGERS) {
      await queryRunner.query(`CREATE TRIGGER "TRG_dive_site_revision_${name}" ${when} EXECUTE FUNCTION "dive_site_revision_next"('${counter}')`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of TRIGGERS) await queryRunner.query(`DROP TRIGGER "TRG_dive_site_revision_${name}" ON "dive_sites"`);
    await queryRunner.query(`DROP FUNCTION "dive_site_revision_next"()`);
    await queryRunner.query(`DROP TABLE "dive_site_revision"`);
  }
}
