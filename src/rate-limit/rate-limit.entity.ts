import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A fixed-window counter shared by every server process (login attempts, public writes). */
@Entity({ name: 'rate_limits' })
export class RateLimit {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  @Column({ type: 'int', default: 0 })
  count: number;

  @Column({ type: 'timestamptz' })
  resetTime: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
