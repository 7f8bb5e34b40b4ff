import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 45: a condition report's photos. The bytes as received wait in `upload` until the job queue has
 * turned them upright, re-encoded them without metadata and stored the result in `media`; then they are
 * dropped. Every photo waits for the administrator's approval.
 */
export class ReportPhotos1799300000000 implements MigrationInterface {
  name = 'ReportPhotos1799300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "report_photos" ("id" SERIAL NOT NULL, "reportId" integer NOT NULL, "position" smallint NOT NULL,
        "alt" character varying(200) NOT NULL, "status" character varying(10) NOT NULL, "upload" bytea, "mediaId" integer,
        "width" integer, "height" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_report_photos" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_report_photos_report" ON "report_photos" ("reportId", "position")`);
    await queryRunner.query(`CREATE INDEX "IDX_report_photos_status" ON "report_photos" ("status")`);
    await queryRunner.query(
      `ALTER TABLE "report_photos" ADD CONSTRAINT "FK_report_photos_report" FOREIGN KEY ("reportId") REFERENCES "condition_reports"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "report_photos" ADD CONSTRAINT "FK_report_photos_media" FOREIGN KEY ("mediaId") REFERENCES "media"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "report_photos"`);
  }
}
