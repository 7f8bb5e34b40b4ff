import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 47 item 5, `product_offers`: a price checked on a product's own page at a named shop, with the
 * day of the check and its source (data/product-offers.json). `link` is the page as core/outbound.ts
 * `offerKey` writes it (no affiliate tag), one row a page: a purchase link to that page shows the shop, the
 * price and the day on its button.
 */
export class ProductOffers1799800000000 implements MigrationInterface {
  name = 'ProductOffers1799800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "product_offers" ("id" SERIAL NOT NULL, "product" character varying(200) NOT NULL, "shop" character varying(120) NOT NULL, "url" character varying(2000) NOT NULL, "link" character varying(2000) NOT NULL, "price" numeric(10,2), "currency" character varying(3) NOT NULL DEFAULT 'AUD', "checkedOn" date NOT NULL, "source" character varying(2000) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_product_offers_link" UNIQUE ("link"), CONSTRAINT "CHK_product_offers_price" CHECK ("price" IS NULL OR "price" > 0), CONSTRAINT "PK_product_offers" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "product_offers"`);
  }
}
