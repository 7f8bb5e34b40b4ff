import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 43: the checks of a site's facts (when, what, by whom, against which sources) and dated notices
 * covering many sites. The dates of 'last checked' seeded before this were written, not recorded checks:
 * they are cleared; from now on the column holds the day of the site's newest recorded check.
 */
export class SiteChecksAndNotices1798800000001 implements MigrationInterface {
  name = 'SiteChecksAndNotices1798800000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "dive_site_checks" ("id" SERIAL NOT NULL, "diveSiteId" integer NOT NULL, "checkedOn" date NOT NULL, "fields" jsonb NOT NULL DEFAULT '[]',
        "by" character varying(20) NOT NULL, "sources" jsonb NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_dive_site_checks_by" CHECK ("by" IN ('editor', 'reader')),
        CONSTRAINT "CHK_dive_site_checks_sources" CHECK (jsonb_typeof("sources") = 'array' AND jsonb_array_length("sources") > 0),
        CONSTRAINT "PK_dive_site_checks" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_dive_site_checks_site_day" ON "dive_site_checks" ("diveSiteId", "checkedOn")`);
    await queryRunner.query(
      `ALTER TABLE "dive_site_checks" ADD CONSTRAINT "FK_dive_site_checks_site" FOREIGN KEY ("diveSiteId") REFERENCES "dive_sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "notices" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "body" text NOT NULL, "startsOn" date NOT NULL, "endsOn" date,
        "sourceTitle" character varying(200) NOT NULL, "sourceUrl" character varying(2000) NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_notices_dates" CHECK ("endsOn" IS NULL OR "endsOn" >= "startsOn"),
        CONSTRAINT "PK_notices" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "notice_sites" ("noticeId" integer NOT NULL, "diveSiteId" integer NOT NULL, CONSTRAINT "PK_notice_sites" PRIMARY KEY ("noticeId", "diveSiteId"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_notice_sites_site" ON "notice_sites" ("diveSiteId")`);
    await queryRunner.query(
      `ALTER TABLE "notice_sites" ADD CONSTRAINT "FK_notice_sites_notice" FOREIGN KEY ("noticeId") REFERENCES "notices"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notice_sites" ADD CONSTRAINT "FK_notice_sites_site" FOREIGN KEY ("diveSiteId") REFERENCES "dive_sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`UPDATE "dive_sites" SET "lastChecked" = NULL WHERE "lastChecked" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notice_sites"`);
    await queryRunner.query(`DROP TABLE "notices"`);
    await queryRunner.query(`DROP TABLE "dive_site_checks"`);
  }
}
