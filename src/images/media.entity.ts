import { Index, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An uploaded image, kept in PostgreSQL so every process serves it. Named by the SHA-256 of its bytes:
 * the same file uploaded twice is one row, and its URL never changes what it shows.
 */
@Entity({ name: 'media' })
// Newest first, for the administrator's pages (migration ScaleIndexesAndRatingTotals; a descending index TypeORM cannot describe).
@Index('IDX_media_newest', { synchronize: false })
export class Media {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'char', length: 64, unique: true })
  hash: string;

  @Column({ type: 'varchar', length: 20 })
  mimeType: string;

  /** Never read with a list: only the file route and the image endpoint ask for it. */
  @Column({ type: 'bytea', select: false })
  bytes: Buffer;

  @Column({ type: 'int' })
  width: number;

  @Column({ type: 'int' })
  height: number;

  @Column({ type: 'int' })
  size: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  originalName: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
