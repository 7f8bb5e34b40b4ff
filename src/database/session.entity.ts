import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The express-session store's table, read and written by src/admin-auth/pg-session-store.ts. */
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
