import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Which seed data sets have been loaded, so that a start never reloads what the administrator changed. */
@Entity({ name: 'seed_history' })
export class SeedHistory {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  dataset: string;

  @CreateDateColumn({ type: 'timestamptz' })
  loadedAt: Date;
}
