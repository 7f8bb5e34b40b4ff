import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 44: a reader's correction is accepted through the site's editor, and each acceptance keeps the field's
 * value before and after (a revision), so that the administrator can undo it.
 */
export class CorrectionRevisions1798950000000 implements MigrationInterface {
  name = 'CorrectionRevisions1798950000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "site_field_revisions" ("id" SERIAL NOT NULL, "diveSiteId" integer NOT NULL, "field" character varying(40) NOT NULL,
        "previousValue" text, "newValue" text NOT NULL, "sourceUrl" character varying(2000) NOT NULL, "suggestion" text NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "undoneAt" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_site_field_revisions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_site_field_revisions_site" ON "site_field_revisions" ("diveSiteId")`);
    await queryRunner.query(
      `ALTER TABLE "site_field_revisions" ADD CONSTRAINT "FK_site_field_revisions_site" FOREIGN KEY ("diveSiteId") REFERENCES "dive_sites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "site_field_revisions"`);
  }
}
