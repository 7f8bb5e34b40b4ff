import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DiveSite } from './dive-site.entity';

/**
 * Issue 43: a dated notice with its source (an algal bloom, a bleaching, an earthquake, a rezoning), shown
 * on the pages of the sites it covers while it is in force (from startsOn, to endsOn or open).
 */
@Entity({ name: 'notices' })
@Check('CHK_notices_dates', `"endsOn" IS NULL OR "endsOn" >= "startsOn"`)
export class Notice {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_notices' })
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'date' })
  startsOn: string;

  @Column({ type: 'date', nullable: true })
  endsOn: string | null;

  @Column({ type: 'varchar', length: 200 })
  sourceTitle: string;

  @Column({ type: 'varchar', length: 2000 })
  sourceUrl: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A site a notice covers. */
@Entity({ name: 'notice_sites' })
@Index('IDX_notice_sites_site', ['diveSiteId'])
export class NoticeSite {
  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'PK_notice_sites' })
  noticeId: number;

  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'PK_notice_sites' })
  diveSiteId: number;

  @ManyToOne(() => Notice, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'noticeId', foreignKeyConstraintName: 'FK_notice_sites_notice' })
  notice?: Notice;

  @ManyToOne(() => DiveSite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'diveSiteId', foreignKeyConstraintName: 'FK_notice_sites_site' })
  site?: DiveSite;
}
