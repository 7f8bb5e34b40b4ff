import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ReportPhotoStatus } from 'core/reports';
import { Media } from 'src/images/media.entity';
import { ConditionReport } from './condition-report.entity';
import { ReportPhotoUpload } from './report-photo-upload.entity';

/**
 * A photo of a condition report (issue 45). `uploadId` points to its bytes as received only until the job
 * queue has processed them (upright, re-encoded, every metadata block gone) into `media`; it is then emptied
 * and the bytes deleted.
 */
@Entity({ name: 'report_photos' })
@Index('IDX_report_photos_report', ['reportId', 'position'])
@Index('IDX_report_photos_status', ['status'])
@Index('IDX_report_photos_upload', ['uploadId'])
export class ReportPhoto {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  reportId: number;

  @ManyToOne(() => ConditionReport, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reportId', foreignKeyConstraintName: 'FK_report_photos_report' })
  report?: ConditionReport;

  /** Its place among the report's photos (0, 1, 2). */
  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'varchar', length: 200 })
  alt: string;

  @Column({ type: 'varchar', length: 10 })
  status: ReportPhotoStatus;

  /** The bytes as the diver sent them, until processed. */
  @Column({ type: 'int', nullable: true })
  uploadId: number | null;

  @ManyToOne(() => ReportPhotoUpload, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'uploadId', foreignKeyConstraintName: 'FK_report_photos_upload' })
  upload?: ReportPhotoUpload | null;

  @Column({ type: 'int', nullable: true })
  mediaId: number | null;

  @ManyToOne(() => Media, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'mediaId', foreignKeyConstraintName: 'FK_report_photos_media' })
  media?: Media | null;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
