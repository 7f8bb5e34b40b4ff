import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { SiteSource } from 'core/dive-sites/fields';
import type { Checker } from 'core/dive-sites/provenance';
import { DiveSite } from './dive-site.entity';

/**
 * Issue 43: one check of a site's facts against published sources: when, what was checked, by whom (the
 * editor, or a reader's correction the administrator accepted) and against which sources (at least one).
 */
@Entity({ name: 'dive_site_checks' })
@Index('IDX_dive_site_checks_site_day', ['diveSiteId', 'checkedOn'])
@Check('CHK_dive_site_checks_by', `"by" IN ('editor', 'reader')`)
@Check('CHK_dive_site_checks_sources', `jsonb_typeof("sources") = 'array' AND jsonb_array_length("sources") > 0`)
export class SiteCheck {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_dive_site_checks' })
  id: number;

  @Column({ type: 'int' })
  diveSiteId: number;

  @ManyToOne(() => DiveSite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'diveSiteId', foreignKeyConstraintName: 'FK_dive_site_checks_site' })
  site?: DiveSite;

  /** The day of the check: PostgreSQL gives a date column as 'YYYY-MM-DD'. */
  @Column({ type: 'date' })
  checkedOn: string;

  /** What was checked (core/dive-sites/provenance.ts CHECK_FIELDS). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  fields: string[];

  @Column({ type: 'varchar', length: 20 })
  by: Checker;

  @Column({ type: 'jsonb' })
  sources: SiteSource[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
