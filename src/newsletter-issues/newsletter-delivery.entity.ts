import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Subscriber } from 'src/newsletter/subscriber.entity';
import { NewsletterIssue } from './newsletter-issue.entity';

export type DeliveryState = 'queued' | 'sent' | 'failed' | 'skipped';

/**
 * One issue to one subscriber. Made 'queued' when the issue is sent; becomes 'sent' in the transaction
 * that holds the row while the SMTP server accepts the message, 'failed' on a permanent refusal (or too
 * many temporary ones), 'skipped' when the subscriber had unsubscribed (or was deleted) before their turn.
 */
@Entity({ name: 'newsletter_deliveries' })
@Unique('UQ_newsletter_deliveries_issue_subscriber', ['issueId', 'subscriberId'])
@Index('IDX_newsletter_deliveries_queued', ['issueId', 'id'], { where: `"state" = 'queued'` })
@Index('IDX_newsletter_deliveries_subscriber', ['subscriberId'])
@Check('newsletter_deliveries_state_check', `"state" IN ('queued', 'sent', 'failed', 'skipped')`)
export class NewsletterDelivery {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'integer' })
  issueId: number;

  @ManyToOne(() => NewsletterIssue, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issueId', foreignKeyConstraintName: 'newsletter_deliveries_issueId_fkey' })
  issue?: NewsletterIssue;

  /** Null once the subscriber was deleted (the row stays for the issue's report). */
  @Column({ type: 'integer', nullable: true })
  subscriberId: number | null;

  @ManyToOne(() => Subscriber, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'subscriberId', foreignKeyConstraintName: 'newsletter_deliveries_subscriberId_fkey' })
  subscriber?: Subscriber;

  /** The address at the time the issue was sent (the report names it after a deletion too). */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 12, default: 'queued' })
  state: DeliveryState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** A temporary failure is tried again from this time on. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  /** The SMTP server's answer to the last failed attempt. */
  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  /** When the subscriber unsubscribed through this email's own link (it names the issue): the unsubscribes an issue caused. */
  @Column({ type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null;
}
