import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DiveSite } from 'src/dive-sites/dive-site.entity';

@Entity({ name: 'dive_site_ratings' })
// Newest first, for the administrator's pages (migration ScaleIndexesAndRatingTotals; a descending index TypeORM cannot describe).
@Index('IDX_dive_site_ratings_newest', { synchronize: false })
@Check('CHK_dive_site_ratings_rating', '"rating" BETWEEN 1 AND 5')
@Index(['diveSiteId', 'createdAt'])
export class DiveSiteRating {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  diveSiteId: number;

  @ManyToOne(() => DiveSite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'diveSiteId' })
  diveSite?: DiveSite;

  @Column({ type: 'int' })
  rating: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  comment: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  userEmail: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
