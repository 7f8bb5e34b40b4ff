import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { LinkState } from 'core/api/link-health';

/** The last check of one purchase link (a review's or a product's), at the URL it had then. */
@Entity({ name: 'link_checks' })
export class LinkCheck {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  kind: 'review' | 'product';

  /** The review's slug, or the product's id as text. */
  @PrimaryColumn({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'varchar', length: 20 })
  state: LinkState;

  @Column({ name: 'http_status', type: 'int', nullable: true })
  httpStatus: number | null;

  @Column({ name: 'final_url', type: 'text', nullable: true })
  finalUrl: string | null;

  @Column({ type: 'text' })
  detail: string;

  @Column({ name: 'checked_at', type: 'timestamptz' })
  checkedAt: Date;
}
