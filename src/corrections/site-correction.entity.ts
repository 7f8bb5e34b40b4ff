import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { CorrectionField } from 'core/dive-sites/corrections';
import { DiveSite } from 'src/dive-sites/dive-site.entity';

/** A visitor's suggested correction of a site's fact, waiting for the administrator (issue 30). */
@Entity({ name: 'site_corrections' })
@Index('IDX_site_corrections_created', ['createdAt'])
export class SiteCorrection {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_site_corrections_site')
  @Column({ type: 'int' })
  diveSiteId: number;

  @ManyToOne(() => DiveSite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'diveSiteId', foreignKeyConstraintName: 'FK_site_corrections_site' })
  site?: DiveSite;

  @Column({ type: 'varchar', length: 30 })
  field: CorrectionField;

  @Column({ type: 'text' })
  suggestion: string;

  @Column({ type: 'varchar', length: 2000 })
  sourceUrl: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
