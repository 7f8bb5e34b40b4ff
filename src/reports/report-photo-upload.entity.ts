import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A report photo's bytes as the diver sent them (issue 45), written by the photo worker from the file the
 * upload was streamed to, before the report's transaction refers to it (`ReportPhoto.uploadId`); deleted
 * once the photo is processed or rejected. One no photo refers to (the report's transaction failed, or the
 * process stopped between the two) is deleted by the housekeeping after an hour. Read and written by SQL only:
 * never loaded as an entity (it is up to 15 MB).
 */
@Entity({ name: 'report_photo_uploads' })
export class ReportPhotoUpload {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'bytea', select: false })
  bytes: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
