import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 45, load and limits: a report photo's bytes as received (`report_photos.upload`, a JPEG, PNG, WebP
 * or AVIF of up to 15 MB, already compressed) are stored out of line without PostgreSQL's attempt to
 * compress them first (STORAGE EXTERNAL): the attempt costs CPU on every upload and saves nothing.
 */
export class ReportPhotoUploadStorage17999500000000 implements MigrationInterface {
  name = 'ReportPhotoUploadStorage17999500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "report_photos" ALTER COLUMN "upload" SET STORAGE EXTERNAL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "report_photos" ALTER COLUMN "upload" SET STORAGE EXTENDED`);
  }
}
