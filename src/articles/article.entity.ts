import { Column, Entity, Index } from 'typeorm';
import { Publishable } from 'src/publishing/publishable.entity';

@Entity({ name: 'articles' })
@Index(['published', 'publishedAt'])
export class Article extends Publishable {
  @Column({ type: 'text', nullable: true })
  videoUrl: string | null;

  @Column({ type: 'text', nullable: true })
  videoThumbnail: string | null;
}
