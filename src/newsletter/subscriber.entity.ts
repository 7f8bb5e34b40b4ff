import { Index, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * A newsletter subscriber, with the evidence of their consent. Double opt-in (migration NewsletterDoubleOptIn):
 * a sign-up waits, inactive, until the address's owner follows the emailed confirmation link; `subscribed`
 * (Active) is only ever set by that click (or by the administrator).
 */
@Entity({ name: 'newsletters' })
@Unique('UQ_newsletters_confirmToken', ['confirmToken'])
// Housekeeping's expired confirmation requests (a partial index TypeORM cannot describe).
@Index('IDX_newsletters_confirm_requested', { synchronize: false })
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

  /**
   * When the current consent was given: the confirmation of the sign-up or of the latest re-subscription
   * (until a first confirmation: the sign-up request).
   */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  consentedAt: Date;

  /** Kept after an unsubscribe so the record shows both the consent and its withdrawal. */
  @Column({ type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;

  /** When the address's owner last confirmed a sign-up (the consent record); null: never confirmed. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  /** The secret of the emailed confirmation link while a sign-up waits for it; null otherwise. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  confirmToken: string | null;

  /** When the waiting sign-up was asked for: its link expires CONFIRM_DAYS later. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmRequestedAt: Date | null;

  /** The waiting sign-up's form and address, the consent evidence once it is confirmed. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  confirmSource: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  confirmIp: string | null;

  /** The first sign-up. */
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
