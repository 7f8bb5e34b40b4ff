import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from 'src/common/clock';
import { resolvePublishedAt } from 'src/publishing/published-at';
import { assignDefined } from 'src/common/assign-defined';
import type { ListSlice } from 'src/lists/list-slice.dto';
import type { CreateProductDto, UpdateProductDto } from './dto/product-write.dto';
import { Product } from './product.entity';

@Injectable()
export class ProductsService {
  constructor(
    @InjectRepository(Product) private readonly products: Repository<Product>,
    private readonly clock: Clock,
  ) {}

  /** By name; the id settles equal names, so that slices never overlap. */
  listPublished(slice: ListSlice = {}): Promise<Product[]> {
    return this.products.find({ where: { published: true }, order: { name: 'ASC', id: 'ASC' }, take: slice.limit, skip: slice.offset });
  }

  /**
   * The published products whose name, category or description holds `term` (case-insensitive, as the
   * global search matches them), by name: what /gear-reviews?search= shows beside the reviews, so a
   * product found by the search is on the page its result leads to.
   */
  searchPublished(term: string, limit: number): Promise<Product[]> {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.products
      .createQueryBuilder('p')
      .where('p.published = true')
      .andWhere('(p.name ILIKE :like OR p.category ILIKE :like OR p.description ILIKE :like)', { like })
      .orderBy('p.name', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  listFeatured(): Promise<Product[]> {
    return this.products.find({ where: { published: true, featured: true }, order: { name: 'ASC' } });
  }

  listAll(slice: ListSlice = {}): Promise<Product[]> {
    return this.products.find({ order: { name: 'ASC', id: 'ASC' }, take: slice.limit, skip: slice.offset });
  }

  async create(dto: CreateProductDto): Promise<Product> {
    const product = this.products.create({
      name: dto.name,
      category: dto.category ?? 'Accessories',
      description: dto.description ?? '',
      price: dto.price === undefined || dto.price === null ? null : dto.price.toFixed(2),
      rating: dto.rating === undefined || dto.rating === null ? null : dto.rating.toFixed(1),
      reviewCount: dto.reviewCount ?? 0,
      affiliateLink: dto.affiliateLink ?? '',
      imageUrl: dto.imageUrl ?? '',
      featured: dto.featured ?? false,
      published: dto.published ?? false,
    });
    product.publishedAt = resolvePublishedAt(product.published, dto.publishedAt, null, this.clock.now());
    return this.products.save(product);
  }

  async update(id: number, dto: UpdateProductDto): Promise<Product> {
    const product = await this.products.findOneBy({ id });
    if (!product) throw new NotFoundException('Product not found');
    const { price, rating, publishedAt, ...fields } = dto;
    assignDefined(product, fields as Partial<Product>);
    if (price !== undefined) product.price = price === null ? null : price.toFixed(2);
    if (rating !== undefined) product.rating = rating === null ? null : rating.toFixed(1);
    product.publishedAt = resolvePublishedAt(product.published, publishedAt, product.publishedAt, this.clock.now());
    return this.products.save(product);
  }

  async remove(id: number): Promise<void> {
    const result = await this.products.delete(id);
    if (!result.affected) throw new NotFoundException('Product not found');
  }
}
