import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A subscriber who unsubscribes and later subscribes again gives consent again: the time of the current
 * consent and of the last unsubscribe are kept beside createdAt (the first sign-up).
 */
export class NewsletterConsentTimes1795428200000 implements MigrationInterface {
  name = 'NewsletterConsentTimes1795428200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "newsletters" ADD "consentedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "newsletters" ADD "unsubscribedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "newsletters" SET "consentedAt" = "createdAt"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "newsletters" DROP COLUMN "unsubscribedAt"`);
    await queryRunner.query(`ALTER TABLE "newsletters" DROP COLUMN "consentedAt"`);
  }
}
