import { Column, Entity, Index } from 'typeorm';
import { Publishable } from 'src/publishing/publishable.entity';

@Entity({ name: 'articles' })
// The posts that mention an upload (a partial index TypeORM cannot describe; migration ScaleQueryIndexes).
@Index('IDX_articles_upload_mentions', { synchronize: false })
// Newest first, for the administrator's pages (migration ScaleIndexesAndRatingTotals; a descending index TypeORM cannot describe).
@Index('IDX_articles_newest', { synchronize: false })
// The visible posts' count from the index alone (migration ListScaleIndexes; a partial index TypeORM cannot describe).
@Index('IDX_articles_published_times', { synchronize: false })
@Index(['published', 'publishedAt'])
// Expression indexes TypeORM cannot describe: declared so the schema leaves them alone (migration NewestFirstIndexes).
@Index('IDX_articles_published_newest', { synchronize: false })
@Index('IDX_articles_category_newest', { synchronize: false })
export class Article extends Publishable {
  @Column({ type: 'text', nullable: true })
  videoUrl: string | null;

  @Column({ type: 'text', nullable: true })
  videoThumbnail: string | null;
}
