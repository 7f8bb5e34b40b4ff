import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: visitors' suggested corrections of a site's facts, each with its source, for the administrator to accept or reject. */
export class SiteCorrections1797900000001 implements MigrationInterface {
  name = 'SiteCorrections1797900000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "site_corrections" ("id" SERIAL NOT NULL, "diveSiteId" integer NOT NULL, "field" character varying(30) NOT NULL, "suggestion" text NOT NULL,
        "sourceUrl" character varying(2000) NOT NULL, "email" character varying(254), "ipAddress" character varying(64),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_site_corrections" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_site_corrections_created" ON "site_corrections" ("createdAt")`);
    await queryRunner.query(`CREATE INDEX "IDX_site_corrections_site" ON "site_corrections" ("diveSiteId")`);
    await queryRunner.query(
      `ALTER TABLE "site_corrections" ADD CONSTRAINT "FK_site_corrections_site" FOREIGN KEY ("diveSiteId") REFERENCES "dive_sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "site_corrections"`);
  }
}
