import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ReportCurrent, ReportStatus, ReportSurge } from 'core/reports';
import { DiveSite } from 'src/dive-sites/dive-site.entity';

/**
 * A diver's report of the conditions at a site on a day (issue 45). Nothing personal: no address is kept
 * (the rate limit's counter is all that knows the network, and only for its window); the name is the one
 * the diver chose to show, and optional.
 */
@Entity({ name: 'condition_reports' })
@Check('CHK_condition_reports_visibility', '"visibility" BETWEEN 0 AND 60')
@Check('CHK_condition_reports_temperature', '"waterTemperature" BETWEEN 0 AND 35')
@Index('IDX_condition_reports_site_newest', ['diveSiteId', 'status', 'date', 'id'])
@Index('IDX_condition_reports_status_created', ['status', 'createdAt'])
export class ConditionReport {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  diveSiteId: number;

  @ManyToOne(() => DiveSite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'diveSiteId', foreignKeyConstraintName: 'FK_condition_reports_site' })
  site?: DiveSite;

  /** The day dived, in the site's time zone. */
  @Column({ type: 'date' })
  date: string;

  /** HH:MM, or null. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  time: string | null;

  @Column({ type: 'smallint', nullable: true })
  visibility: number | null;

  @Column({ type: 'real', nullable: true })
  waterTemperature: number | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  current: ReportCurrent | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  surge: ReportSurge | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  comment: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 10 })
  status: ReportStatus;

  /**
   * The client's Idempotency-Key of the POST that made it (a random id the browser chose, nothing about
   * the diver): the same key again answers this report instead of storing a second one.
   */
  @Index('IDX_condition_reports_idempotency', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  idempotencyKey: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
