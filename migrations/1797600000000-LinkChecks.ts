import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 32: the last health check of each purchase link (src/link-health). */
export class LinkChecks1797600000000 implements MigrationInterface {
  name = 'LinkChecks1797600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "link_checks" ("kind" character varying(20) NOT NULL, "slug" character varying(200) NOT NULL, "url" text NOT NULL, "state" character varying(20) NOT NULL, "http_status" integer, "final_url" text, "detail" text NOT NULL, "checked_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_link_checks" PRIMARY KEY ("kind", "slug"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "link_checks"`);
  }
}
