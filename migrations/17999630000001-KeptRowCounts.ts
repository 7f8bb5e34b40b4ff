import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 46 (every page within 1.5x of its cost at 100x): the totals the admin lists show beside their first
 * page ('{n} Total Subscribers', '{n} Active', X-Total-Count of the comments, the ratings, the articles and the
 * reviews) are kept in
 * "row_counts", one row per total, by statement triggers on the tables themselves (inserts, deletes, changes
 * of the flag, TRUNCATE), so they stay exact whoever writes (the API, an import, SQL) and an unsearched page
 * reads one row instead of counting 100,000 comments or subscribers (2,500 pages of comments read each time)
 * or summing 24,700 sites' rating totals.
 *
 * A flag's total counts the rows where it is true ("comments:approved", "newsletters:subscribed"). A write
 * that changes a total holds its row until it commits: writers of one table take turns at that moment.
 */
export const KEPT_COUNTS: { table: string; flag?: string }[] = [
  { table: 'comments', flag: 'approved' },
  { table: 'newsletters', flag: 'subscribed' },
  { table: 'dive_site_ratings' },
  { table: 'articles', flag: 'published' },
  { table: 'reviews', flag: 'published' },
];

const functionName = (table: string) => `row_counts_${table}`;

function triggerFunction(table: string, flag: string | undefined): string {
  const flagged = flag ? `count(*) FILTER (WHERE "${flag}")` : '0';
  return `
    CREATE FUNCTION "${functionName(table)}"() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      rows_delta bigint := 0;
      flag_delta bigint := 0;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE "row_counts" SET "count" = 0 WHERE "name" IN ('${table}', '${table}:${flag ?? ''}') AND "count" <> 0;
        RETURN NULL;
      ELSIF TG_OP = 'INSERT' THEN
        SELECT count(*), ${flagged} INTO rows_delta, flag_delta FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT -count(*), -${flagged} INTO rows_delta, flag_delta FROM old_rows;
      ELSE
        flag_delta := (SELECT ${flagged} FROM new_rows) - (SELECT ${flagged} FROM old_rows);
      END IF;
      IF rows_delta <> 0 THEN
        UPDATE "row_counts" SET "count" = "count" + rows_delta WHERE "name" = '${table}';
      END IF;
      IF flag_delta <> 0 THEN
        UPDATE "row_counts" SET "count" = "count" + flag_delta WHERE "name" = '${table}:${flag ?? ''}';
      END IF;
      RETURN NULL;
    END $$`;
}

export class KeptRowCounts17999630000001 implements MigrationInterface {
  name = 'KeptRowCounts17999630000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL statement_timeout = 0`);
    await queryRunner.query(`CREATE TABLE "row_counts" ("name" varchar(100) PRIMARY KEY, "count" bigint NOT NULL)`);
    for (const { table, flag } of KEPT_COUNTS) {
      // No write to the table between the count and the triggers: both in this transaction, the table locked.
      await queryRunner.query(`LOCK TABLE "${table}" IN SHARE ROW EXCLUSIVE MODE`);
      await queryRunner.query(`INSERT INTO "row_counts" ("name", "count") SELECT '${table}', count(*) FROM "${table}"`);
      if (flag) await queryRunner.query(`INSERT INTO "row_counts" ("name", "count") SELECT '${table}:${flag}', count(*) FROM "${table}" WHERE "${flag}"`);
      await queryRunner.query(triggerFunction(table, flag));
      const run = `EXECUTE FUNCTION "${functionName(table)}"()`;
      await queryRunner.query(
        `CREATE TRIGGER "TRG_${table}_count_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${run}`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "TRG_${table}_count_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${run}`,
      );
      if (flag) {
        await queryRunner.query(
          `CREATE TRIGGER "TRG_${table}_count_update" AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${run}`,
        );
      }
      await queryRunner.query(`CREATE TRIGGER "TRG_${table}_count_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT ${run}`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, flag } of KEPT_COUNTS) {
      for (const event of flag ? ['insert', 'delete', 'update', 'truncate'] : ['insert', 'delete', 'truncate']) {
        await queryRunner.query(`DROP TRIGGER "TRG_${table}_count_${event}" ON "${table}"`);
      }
      await queryRunner.query(`DROP FUNCTION "${functionName(table)}"()`);
    }
    await queryRunner.query(`DROP TABLE "row_counts"`);
  }
}
