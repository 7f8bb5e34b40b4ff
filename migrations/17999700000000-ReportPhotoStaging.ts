import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 45, load and limits: a report photo's bytes as received move out of `report_photos` into a table of
 * their own, `report_photo_uploads`, which the photo worker (a child process at the lowest CPU priority)
 * writes from the file the upload was streamed to, before the report's transaction refers to the row by
 * `report_photos."uploadId"`. So the server never holds a whole upload, and neither it nor a PostgreSQL
 * process at normal priority copies one. The bytes are stored out of line without PostgreSQL's attempt to
 * compress them (STORAGE EXTERNAL, as before: already compressed images). A photo waiting to be processed
 * keeps its bytes: they move with it.
 */
export class ReportPhotoStaging17999700000000 implements MigrationInterface {
  name = 'ReportPhotoStaging17999700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "report_photo_uploads" ("id" SERIAL NOT NULL, "bytes" bytea NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_report_photo_uploads" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`ALTER TABLE "report_photo_uploads" ALTER COLUMN "bytes" SET STORAGE EXTERNAL`);
    await queryRunner.query(`ALTER TABLE "report_photos" ADD "uploadId" integer`);
    // The photos still waiting to be processed keep their bytes, one upload row each.
    await queryRunner.query(`ALTER TABLE "report_photo_uploads" ADD "photoId" integer`);
    await queryRunner.query(`INSERT INTO "report_photo_uploads" ("bytes", "photoId") SELECT "upload", "id" FROM "report_photos" WHERE "upload" IS NOT NULL`);
    await queryRunner.query(`UPDATE "report_photos" p SET "uploadId" = u."id" FROM "report_photo_uploads" u WHERE u."photoId" = p."id"`);
    await queryRunner.query(`ALTER TABLE "report_photo_uploads" DROP COLUMN "photoId"`);
    await queryRunner.query(`ALTER TABLE "report_photos" DROP COLUMN "upload"`);
    await queryRunner.query(`CREATE INDEX "IDX_report_photos_upload" ON "report_photos" ("uploadId")`);
    await queryRunner.query(
      `ALTER TABLE "report_photos" ADD CONSTRAINT "FK_report_photos_upload" FOREIGN KEY ("uploadId") REFERENCES "report_photo_uploads"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "report_photos" DROP CONSTRAINT "FK_report_photos_upload"`);
    await queryRunner.query(`DROP INDEX "IDX_report_photos_upload"`);
    await queryRunner.query(`ALTER TABLE "report_photos" ADD "upload" bytea`);
    await queryRunner.query(`ALTER TABLE "report_photos" ALTER COLUMN "upload" SET STORAGE EXTERNAL`);
    await queryRunner.query(`UPDATE "report_photos" p SET "upload" = u."bytes" FROM "report_photo_uploads" u WHERE u."id" = p."uploadId"`);
    await queryRunner.query(`ALTER TABLE "report_photos" DROP COLUMN "uploadId"`);
    await queryRunner.query(`DROP TABLE "report_photo_uploads"`);
  }
}
