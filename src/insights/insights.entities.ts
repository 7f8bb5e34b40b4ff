import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The clicks on one purchase link (`/go/{kind}/{slug}`) on one day of the site's time zone, the key and count both tables share. */
abstract class DailyLinkClicks {
  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 20 })
  kind: string;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ type: 'int', default: 0 })
  clicks: number;
}

/** Clicks on one purchase link (`/go/{kind}/{slug}`) on one day of the site's time zone. No visitor data. */
@Entity({ name: 'link_clicks' })
export class LinkClick extends DailyLinkClicks {}

/**
 * Purchase-link clicks on one link on one day by where they came from (issue 44 item 6): the review page
 * the click was made on ('' for another page, or none known) and the newsletter issue whose link brought
 * the reader (0 for none). Counted with link_clicks, by the same rules; no visitor data.
 */
@Entity({ name: 'purchase_click_sources' })
export class PurchaseClickSource extends DailyLinkClicks {
  @PrimaryColumn({ type: 'varchar', length: 200, default: '' })
  review: string;

  @PrimaryColumn({ type: 'integer', default: 0 })
  issueId: number;
}

/** Views of one page (its path, no query) on one day of the site's time zone. No visitor data. */
@Entity({ name: 'page_views' })
export class PageView {
  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 300 })
  path: string;

  @Column({ type: 'int', default: 0 })
  views: number;
}

/**
 * When a visitor's click on a link last counted, so repeats within a minute count once. The visitor is a
 * keyed hash (HMAC with a server secret) of the address and the day: the address is never stored, and the
 * hash matches nothing the next day. UNLOGGED (worth nothing after a crash); rows of past days are deleted
 * by the housekeeping.
 */
@Entity({ name: 'click_visitors' })
export class ClickVisitor {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  visitor: string;

  @PrimaryColumn({ type: 'varchar', length: 20 })
  kind: string;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ type: 'date' })
  day: string;

  @Column({ type: 'timestamptz' })
  countedAt: Date;
}
