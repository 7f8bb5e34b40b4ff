import { Column, CreateDateColumn } from 'typeorm';

/**
 * The columns that decide whether the public sees a row (visibility.ts): published, and its publish date
 * (else its creation date) reached. Articles and reviews (through Publishable) and products keep them; each
 * is its own table, this class only saves writing the columns three times.
 */
export abstract class Publication {
  @Column({ type: 'boolean', default: false })
  published: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
