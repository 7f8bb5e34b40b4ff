import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TEAM_NAME } from 'core/constants';

/**
 * The columns articles and reviews share (SPEC section 3): a titled, slugged markdown body that is a
 * draft until published. Each is its own table; this class only saves writing the columns twice.
 */
export abstract class Publishable {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 200, unique: true })
  slug: string;

  @Column({ type: 'text' })
  excerpt: string;

  /** Markdown with images and videos (SPEC section 9). */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 50 })
  category: string;

  @Column({ type: 'text' })
  imageUrl: string;

  @Column({ type: 'varchar', length: 100, default: TEAM_NAME })
  author: string;

  @Column({ type: 'boolean', default: false })
  published: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
