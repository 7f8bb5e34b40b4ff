import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DiveSite } from 'src/dive-sites/dive-site.entity';

/** One accepted correction of a site's field (issue 44): the value before and after, so it can be undone. */
@Entity({ name: 'site_field_revisions' })
export class SiteFieldRevision {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_site_field_revisions_site')
  @Column({ type: 'int' })
  diveSiteId: number;

  @ManyToOne(() => DiveSite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'diveSiteId', foreignKeyConstraintName: 'FK_site_field_revisions_site' })
  site?: DiveSite;

  @Column({ type: 'varchar', length: 40 })
  field: string;

  @Column({ type: 'text', nullable: true })
  previousValue: string | null;

  @Column({ type: 'text' })
  newValue: string;

  @Column({ type: 'varchar', length: 2000 })
  sourceUrl: string;

  /** What the reader proposed, as they wrote it (the value saved is the administrator's edit of it). */
  @Column({ type: 'text' })
  suggestion: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  undoneAt: Date | null;
}
