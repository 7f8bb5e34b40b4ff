import { Index, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A newsletter subscriber, with the evidence of their consent. */
@Entity({ name: 'newsletters' })
// Newest first, for the administrator's pages (migration ScaleIndexesAndRatingTotals; a descending index TypeORM cannot describe).
@Index('IDX_newsletters_newest', { synchronize: false })
export class Subscriber {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lower-cased so that uniqueness ignores case. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ type: 'boolean', default: true })
  subscribed: boolean;

  /** Secret used in the one-click unsubscribe link of every email. */
  @Column({ type: 'varchar', length: 64, unique: true })
  unsubscribeToken: string;

  @Column({ type: 'varchar', length: 50, default: 'website' })
  consentSource: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  consentIp: string | null;

  /** When the current consent was given: the sign-up, or the latest re-subscription. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  consentedAt: Date;

  /** Kept after an unsubscribe so the record shows both the consent and its withdrawal. */
  @Column({ type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;

  /** The first sign-up. */
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
