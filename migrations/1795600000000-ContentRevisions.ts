import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The versions of articles and reviews that saves replaced (the editor's Revisions). One foreign key per
 * kind, so a deleted post takes its versions with it; each post's versions are read newest first by id.
 */
export class ContentRevisions1795600000000 implements MigrationInterface {
  name = 'ContentRevisions1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "content_revisions" ("id" SERIAL NOT NULL, "kind" character varying(10) NOT NULL, "articleId" integer, "reviewId" integer, "snapshot" jsonb NOT NULL, "author" character varying(100) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_content_revisions_kind" CHECK (("kind" = 'article' AND "articleId" IS NOT NULL AND "reviewId" IS NULL) OR ("kind" = 'review' AND "reviewId" IS NOT NULL AND "articleId" IS NULL)), CONSTRAINT "PK_content_revisions_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_content_revisions_article_newest" ON "content_revisions" ("articleId", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_content_revisions_review_newest" ON "content_revisions" ("reviewId", "id")`);
    await queryRunner.query(
      `ALTER TABLE "content_revisions" ADD CONSTRAINT "FK_content_revisions_article" FOREIGN KEY ("articleId") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "content_revisions" ADD CONSTRAINT "FK_content_revisions_review" FOREIGN KEY ("reviewId") REFERENCES "reviews"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "content_revisions"`);
  }
}
