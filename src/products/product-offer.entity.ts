import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * Issue 47: a price checked on a product's own page at a named shop, the day it was checked and the source
 * the page was found in (data/product-offers.json). `link` is the page as `offerKey` (core/outbound.ts)
 * writes it, so a purchase link with or without the affiliate tag finds it.
 */
@Entity({ name: 'product_offers' })
@Unique('UQ_product_offers_link', ['link'])
@Check('CHK_product_offers_price', `"price" IS NULL OR "price" > 0`)
export class ProductOffer {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_product_offers' })
  id: number;

  /** The product as the seed names it. */
  @Column({ type: 'varchar', length: 200 })
  product: string;

  @Column({ type: 'varchar', length: 120 })
  shop: string;

  /** The product's own page at the shop, as found. */
  @Column({ type: 'varchar', length: 2000 })
  url: string;

  @Column({ type: 'varchar', length: 2000 })
  link: string;

  /** The price the page showed; null when it showed none. */
  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true })
  price: string | null;

  @Column({ type: 'varchar', length: 3, default: 'AUD' })
  currency: string;

  /** PostgreSQL gives a date column as 'YYYY-MM-DD'. */
  @Column({ type: 'date' })
  checkedOn: string;

  /** The address the page was found at (the search tool's answer). */
  @Column({ type: 'varchar', length: 2000 })
  source: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
