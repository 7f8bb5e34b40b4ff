import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/common/id.pipe';
import { toAdminSlide, toPublicSlide } from './carousel.response';
import { CarouselService } from './carousel.service';
import { CreateCarouselVideoDto, UpdateCarouselVideoDto } from './dto/carousel-write.dto';

const id = idParam('Carousel slide id');

@Controller('api')
export class CarouselController {
  constructor(private readonly carousel: CarouselService) {}

  @Get('carousel-videos')
  async list() {
    return (await this.carousel.listPublished()).map(toPublicSlide);
  }

  @Get('admin/carousel-videos')
  @AdminOnly()
  async listAll() {
    return (await this.carousel.listAll()).map(toAdminSlide);
  }

  @Post('carousel-videos')
  @AdminOnly()
  async create(@Body() dto: CreateCarouselVideoDto) {
    return toAdminSlide(await this.carousel.create(dto));
  }

  @Patch('carousel-videos/:id')
  @AdminOnly()
  async update(@Param('id', id) slideId: number, @Body() dto: UpdateCarouselVideoDto) {
    return toAdminSlide(await this.carousel.update(slideId, dto));
  }

  @Delete('carousel-videos/:id')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('id', id) slideId: number): Promise<void> {
    await this.carousel.remove(slideId);
  }
}
