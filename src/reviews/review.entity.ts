import { Column, Entity, Index } from 'typeorm';
import { Publishable } from 'src/publishing/publishable.entity';

@Entity({ name: 'reviews' })
// The posts that mention an upload (a partial index TypeORM cannot describe; migration ScaleQueryIndexes).
@Index('IDX_reviews_upload_mentions', { synchronize: false })
// Newest first, for the administrator's pages (migration ScaleIndexesAndRatingTotals; a descending index TypeORM cannot describe).
@Index('IDX_reviews_newest', { synchronize: false })
// The visible posts' count from the index alone (migration ListScaleIndexes; a partial index TypeORM cannot describe).
@Index('IDX_reviews_published_times', { synchronize: false })
@Index(['published', 'publishedAt'])
// Expression indexes TypeORM cannot describe: declared so the schema leaves them alone (migration NewestFirstIndexes).
@Index('IDX_reviews_published_newest', { synchronize: false })
@Index('IDX_reviews_category_newest', { synchronize: false })
@Index('IDX_reviews_published_created', { synchronize: false })
export class Review extends Publishable {
  /** Free text that may carry a currency symbol, e.g. "$1,449". */
  @Column({ type: 'varchar', length: 50, nullable: true })
  price: string | null;

  @Column({ type: 'text' })
  purchaseLink: string;

  /** A number ("4.5") or a string of star characters; null when unrated. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  rating: string | null;

  @Column({ type: 'boolean', default: false })
  featured: boolean;
}
