import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'carousel_videos' })
@Check('CHK_carousel_videos_ordering', '"ordering" >= 0')
export class CarouselVideo {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text' })
  videoUrl: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  ctaText: string | null;

  @Column({ type: 'text', nullable: true })
  ctaUrl: string | null;

  @Column({ type: 'text', nullable: true })
  posterImageUrl: string | null;

  @Column({ type: 'int', default: 0 })
  ordering: number;

  @Column({ type: 'boolean', default: false })
  published: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
