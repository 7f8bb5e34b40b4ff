import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The express-session store's table, in the shape connect-pg-simple reads and writes. */
@Entity({ name: 'session' })
export class SessionRecord {
  @PrimaryColumn({ type: 'varchar' })
  sid: string;

  @Column({ type: 'json' })
  sess: Record<string, unknown>;

  @Index('IDX_session_expire')
  @Column({ type: 'timestamp', precision: 6 })
  expire: Date;
}
