import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TEAM_NAME } from 'core/constants';

@Entity({ name: 'reviews' })
@Index(['published', 'publishedAt'])
export class Review {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 200, unique: true })
  slug: string;

  @Column({ type: 'text' })
  excerpt: string;

  /** Markdown-like body with images and videos (SPEC section 9). */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 50 })
  category: string;

  @Column({ type: 'text' })
  imageUrl: string;

  /** Free text that may carry a currency symbol, e.g. "$1,449". */
  @Column({ type: 'varchar', length: 50, nullable: true })
  price: string | null;

  @Column({ type: 'text' })
  purchaseLink: string;

  /** A number ("4.5") or a string of star characters; null when unrated. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  rating: string | null;

  @Column({ type: 'varchar', length: 100, default: TEAM_NAME })
  author: string;

  @Column({ type: 'boolean', default: false })
  published: boolean;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
