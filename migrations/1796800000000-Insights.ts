import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: clicks on purchase links and page views, counted per day without any visitor data, and the
 * day's keyed visitor hashes that make a repeat click within a minute count once (UNLOGGED, purged daily).
 */
export class Insights1796800000000 implements MigrationInterface {
  name = 'Insights1796800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "link_clicks" ("day" date NOT NULL, "kind" character varying(20) NOT NULL, "slug" character varying(200) NOT NULL, "clicks" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_link_clicks" PRIMARY KEY ("day", "kind", "slug"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "page_views" ("day" date NOT NULL, "path" character varying(300) NOT NULL, "views" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_page_views" PRIMARY KEY ("day", "path"))`,
    );
    await queryRunner.query(
      `CREATE UNLOGGED TABLE "click_visitors" ("visitor" character varying(64) NOT NULL, "kind" character varying(20) NOT NULL, "slug" character varying(200) NOT NULL, "day" date NOT NULL, "countedAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_click_visitors" PRIMARY KEY ("visitor", "kind", "slug"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "click_visitors"`);
    await queryRunner.query(`DROP TABLE "page_views"`);
    await queryRunner.query(`DROP TABLE "link_clicks"`);
  }
}
