import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 32: share links to a draft or scheduled post, signed and expiring, kept here so they can be withdrawn. */
export class ShareLinks1797600000001 implements MigrationInterface {
  name = 'ShareLinks1797600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "share_links" ("id" character varying(32) NOT NULL, "kind" character varying(20) NOT NULL, "post_id" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_share_links" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_share_links_post" ON "share_links" ("kind", "post_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "share_links"`);
  }
}
