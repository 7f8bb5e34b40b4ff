import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type IssueStatus = 'draft' | 'scheduled' | 'sending' | 'sent';

/** A post chosen for an issue, by kind and id (its title, excerpt and image are read when the issue is rendered). */
export interface IssuePostRef {
  type: 'article' | 'review';
  id: number;
}

/** A newsletter issue: written as a draft, scheduled or sent to every subscriber, then kept in the web archive. */
@Entity({ name: 'newsletter_issues' })
@Index('IDX_newsletter_issues_sent', ['sentAt'], { where: `"status" = 'sent'` })
@Check('newsletter_issues_status_check', `"status" IN ('draft', 'scheduled', 'sending', 'sent')`)
export class NewsletterIssue {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  /** The line mail programs show after the subject. */
  @Column({ type: 'varchar', length: 300, default: '' })
  preheader: string;

  /** Markdown, rendered as the posts' bodies are. */
  @Column({ type: 'text', default: '' })
  intro: string;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  posts: IssuePostRef[];

  @Column({ type: 'varchar', length: 200, unique: true })
  slug: string;

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  status: IssueStatus;

  /** When a scheduled issue is sent (UTC; entered in SITE_TIMEZONE). */
  @Column({ type: 'timestamptz', nullable: true })
  scheduledAt: Date | null;

  /** When sending began (its deliveries were queued). */
  @Column({ type: 'timestamptz', nullable: true })
  sendingAt: Date | null;

  /** When the last delivery was done. */
  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
