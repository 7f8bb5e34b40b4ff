import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Double opt-in (issue 42, F11): a sign-up is a request that waits for the address's owner to follow the
 * emailed link. The request's secret, its time (the link expires 7 days later), and the form and address it
 * came from wait beside the row until then; `confirmedAt` is when the owner confirmed. Every existing row
 * consented under the single opt-in of its day: it counts as confirmed then, and stays as it is (active or not).
 */
export class NewsletterDoubleOptIn1798300000000 implements MigrationInterface {
  name = 'NewsletterDoubleOptIn1798300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "newsletters" ADD "confirmedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "newsletters" ADD "confirmToken" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "newsletters" ADD "confirmRequestedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "newsletters" ADD "confirmSource" character varying(50)`);
    await queryRunner.query(`ALTER TABLE "newsletters" ADD "confirmIp" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "newsletters" ADD CONSTRAINT "UQ_newsletters_confirmToken" UNIQUE ("confirmToken")`);
    // Housekeeping's reads of the requests past their 7 days (a few rows of a large list).
    await queryRunner.query(`CREATE INDEX "IDX_newsletters_confirm_requested" ON "newsletters" ("confirmRequestedAt") WHERE "confirmRequestedAt" IS NOT NULL`);
    await queryRunner.query(`UPDATE "newsletters" SET "confirmedAt" = "consentedAt"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The requests never confirmed were no subscribers under single opt-in either.
    await queryRunner.query(`DELETE FROM "newsletters" WHERE "confirmedAt" IS NULL AND NOT "subscribed"`);
    await queryRunner.query(`DROP INDEX "IDX_newsletters_confirm_requested"`);
    await queryRunner.query(`ALTER TABLE "newsletters" DROP CONSTRAINT "UQ_newsletters_confirmToken"`);
    for (const column of ['confirmIp', 'confirmSource', 'confirmRequestedAt', 'confirmToken', 'confirmedAt']) {
      await queryRunner.query(`ALTER TABLE "newsletters" DROP COLUMN "${column}"`);
    }
  }
}
