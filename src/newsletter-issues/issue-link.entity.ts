import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { NewsletterIssue } from './newsletter-issue.entity';

/**
 * A link an issue's email carried (issue 44 item 6), written when the issue is sent: the email links to
 * `/r/{issueId}/{id}` instead, which counts the click and sends the reader here. Only these are followed.
 */
@Entity({ name: 'newsletter_issue_links' })
@Unique('UQ_newsletter_issue_links_issue_url', ['issueId', 'url'])
export class NewsletterIssueLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  issueId: number;

  @ManyToOne(() => NewsletterIssue, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issueId', foreignKeyConstraintName: 'newsletter_issue_links_issueId_fkey' })
  issue?: NewsletterIssue;

  /** Where the link goes (an absolute http or https URL). */
  @Column({ type: 'varchar', length: 2000 })
  url: string;

  /** What the email called it: the post's title, the intro link's words, 'Read this issue on the web'. */
  @Column({ type: 'varchar', length: 300, default: '' })
  label: string;
}

/** Clicks on one issue link on one day of the site's time zone: a count, nothing about who clicked. */
@Entity({ name: 'newsletter_link_clicks' })
export class NewsletterLinkClick {
  @PrimaryColumn({ type: 'integer' })
  linkId: number;

  @ManyToOne(() => NewsletterIssueLink, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'linkId', foreignKeyConstraintName: 'newsletter_link_clicks_linkId_fkey' })
  link?: NewsletterIssueLink;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'integer', default: 0 })
  clicks: number;
}
