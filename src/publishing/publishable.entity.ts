import { Column, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TEAM_NAME } from 'core/constants';
import { Publication } from './publication.entity';

/**
 * The columns articles and reviews share (SPEC section 3): a titled, slugged markdown body that is a
 * draft until published (the columns of which are Publication's, which products share). Each is its own
 * table; this class only saves writing the columns twice.
 */
export abstract class Publishable extends Publication {
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

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
