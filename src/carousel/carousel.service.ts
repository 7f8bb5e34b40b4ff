import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { assignDefined } from 'src/common/assign-defined';
import { CarouselVideo } from './carousel-video.entity';
import type { CreateCarouselVideoDto, UpdateCarouselVideoDto } from './dto/carousel-write.dto';

@Injectable()
export class CarouselService {
  constructor(@InjectRepository(CarouselVideo) private readonly slides: Repository<CarouselVideo>) {}

  listPublished(): Promise<CarouselVideo[]> {
    return this.slides.find({ where: { published: true }, order: { ordering: 'ASC', id: 'ASC' } });
  }

  listAll(): Promise<CarouselVideo[]> {
    return this.slides.find({ order: { ordering: 'ASC', id: 'ASC' } });
  }

  create(dto: CreateCarouselVideoDto): Promise<CarouselVideo> {
    return this.slides.save(
      this.slides.create({
        title: dto.title,
        videoUrl: dto.videoUrl,
        description: dto.description ?? null,
        ctaText: dto.ctaText ?? null,
        ctaUrl: dto.ctaUrl ?? null,
        posterImageUrl: dto.posterImageUrl ?? null,
        ordering: dto.ordering ?? 0,
        published: dto.published ?? false,
      }),
    );
  }

  async update(id: number, dto: UpdateCarouselVideoDto): Promise<CarouselVideo> {
    const slide = await this.slides.findOneBy({ id });
    if (!slide) throw new NotFoundException('Carousel slide not found');
    assignDefined(slide, dto as Partial<CarouselVideo>);
    return this.slides.save(slide);
  }

  async remove(id: number): Promise<void> {
    const result = await this.slides.delete(id);
    if (!result.affected) throw new NotFoundException('Carousel slide not found');
  }
}
