import { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploaded images (issue 17): the original bytes, named by their SHA-256, with what the upload decoded to. */
export class Media1795432000000 implements MigrationInterface {
  name = 'Media1795432000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "media" ("id" SERIAL NOT NULL, "hash" character(64) NOT NULL, "mimeType" character varying(20) NOT NULL, "bytes" bytea NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "size" integer NOT NULL, "originalName" character varying(255), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_media_hash" UNIQUE ("hash"), CONSTRAINT "PK_media_id" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "media"`);
  }
}
