import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter issues (src/newsletter-issues) and their deliveries: one row per issue and subscriber, made
 * when the issue is sent (INSERT ... SELECT), whose state is the record of what that subscriber was sent.
 * The unique (issue, subscriber) pair is what makes a second copy impossible to queue.
 */
export class NewsletterIssues1796500000000 implements MigrationInterface {
  name = 'NewsletterIssues1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "newsletter_issues" (
        "id" SERIAL PRIMARY KEY,
        "subject" varchar(200) NOT NULL,
        "preheader" varchar(300) NOT NULL DEFAULT '',
        "intro" text NOT NULL DEFAULT '',
        "posts" jsonb NOT NULL DEFAULT '[]',
        "slug" varchar(200) NOT NULL UNIQUE,
        "status" varchar(16) NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'scheduled', 'sending', 'sent')),
        "scheduledAt" timestamptz NULL,
        "sendingAt" timestamptz NULL,
        "sentAt" timestamptz NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_newsletter_issues_sent" ON "newsletter_issues" ("sentAt" DESC) WHERE "status" = 'sent'`);
    await queryRunner.query(`
      CREATE TABLE "newsletter_deliveries" (
        "id" BIGSERIAL PRIMARY KEY,
        "issueId" integer NOT NULL REFERENCES "newsletter_issues" ("id") ON DELETE CASCADE,
        "subscriberId" integer NULL REFERENCES "newsletters" ("id") ON DELETE SET NULL,
        "email" varchar(254) NOT NULL,
        "state" varchar(12) NOT NULL DEFAULT 'queued' CHECK ("state" IN ('queued', 'sent', 'failed', 'skipped')),
        "attempts" integer NOT NULL DEFAULT 0,
        "nextAttemptAt" timestamptz NOT NULL DEFAULT now(),
        "lastError" text NULL,
        "doneAt" timestamptz NULL,
        CONSTRAINT "UQ_newsletter_deliveries_issue_subscriber" UNIQUE ("issueId", "subscriberId")
      )`);
    // What a sender claims next: the queued rows of one issue, in order.
    await queryRunner.query(`CREATE INDEX "IDX_newsletter_deliveries_queued" ON "newsletter_deliveries" ("issueId", "id") WHERE "state" = 'queued'`);
    await queryRunner.query(`CREATE INDEX "IDX_newsletter_deliveries_subscriber" ON "newsletter_deliveries" ("subscriberId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "newsletter_deliveries"`);
    await queryRunner.query(`DROP TABLE "newsletter_issues"`);
  }
}
