import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'locations' })
export class Location {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  region: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 50 })
  waterTemp: string;

  @Column({ type: 'varchar', length: 50 })
  visibility: string;

  @Column({ type: 'varchar', length: 100 })
  bestTime: string;

  @Column({ type: 'varchar', length: 50 })
  depth: string;

  @Column({ type: 'varchar', length: 50 })
  difficulty: string;

  @Column({ type: 'text' })
  imageUrl: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  mapCoordinates: string | null;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
