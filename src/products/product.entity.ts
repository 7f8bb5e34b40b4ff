import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Publication } from 'src/publishing/publication.entity';

@Entity({ name: 'products' })
export class Product extends Publication {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  category: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true })
  price: string | null;

  @Column({ type: 'decimal', precision: 2, scale: 1, nullable: true })
  rating: string | null;

  @Column({ type: 'int', default: 0 })
  reviewCount: number;

  @Column({ type: 'text' })
  affiliateLink: string;

  @Column({ type: 'text' })
  imageUrl: string;

  @Column({ type: 'boolean', default: false })
  featured: boolean;
}
