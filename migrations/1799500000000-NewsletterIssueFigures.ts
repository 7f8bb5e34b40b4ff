import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 44 item 6, each issue's figures (docs/newsletter-figures.md):
 * - `newsletter_issue_links`: the links an issue's email carried, each with its own id, written when the
 *   issue is sent; `/r/{issueId}/{linkId}` goes only to one of these (an unknown pair is 404).
 * - `newsletter_link_clicks`: clicks per link per day of the site's time zone. Nothing about the reader.
 * - `newsletter_deliveries.unsubscribedAt`: set when the subscriber unsubscribed through the link of that
 *   delivery's email (the link names the issue), so an issue counts the unsubscribes it caused.
 * - `purchase_click_sources`: purchase-link clicks per day by where they came from: the review page the
 *   click was made on ('' for another page or none known) and the issue whose link brought the reader (0 for none).
 */
export class NewsletterIssueFigures1799500000000 implements MigrationInterface {
  name = 'NewsletterIssueFigures1799500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "newsletter_issue_links" ("id" SERIAL NOT NULL, "issueId" integer NOT NULL, "url" character varying(2000) NOT NULL, "label" character varying(300) NOT NULL DEFAULT '', CONSTRAINT "UQ_newsletter_issue_links_issue_url" UNIQUE ("issueId", "url"), CONSTRAINT "PK_newsletter_issue_links" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "newsletter_issue_links" ADD CONSTRAINT "newsletter_issue_links_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "newsletter_issues"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "newsletter_link_clicks" ("linkId" integer NOT NULL, "day" date NOT NULL, "clicks" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_newsletter_link_clicks" PRIMARY KEY ("linkId", "day"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "newsletter_link_clicks" ADD CONSTRAINT "newsletter_link_clicks_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "newsletter_issue_links"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "newsletter_deliveries" ADD "unsubscribedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE TABLE "purchase_click_sources" ("day" date NOT NULL, "kind" character varying(20) NOT NULL, "slug" character varying(200) NOT NULL, "review" character varying(200) NOT NULL DEFAULT '', "issueId" integer NOT NULL DEFAULT 0, "clicks" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_purchase_click_sources" PRIMARY KEY ("day", "kind", "slug", "review", "issueId"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "purchase_click_sources"`);
    await queryRunner.query(`ALTER TABLE "newsletter_deliveries" DROP COLUMN "unsubscribedAt"`);
    await queryRunner.query(`DROP TABLE "newsletter_link_clicks"`);
    await queryRunner.query(`DROP TABLE "newsletter_issue_links"`);
  }
}
