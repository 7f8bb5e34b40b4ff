import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { AdminListQueryDto } from 'src/admin-auth/admin-list-query.dto';
import { AdminListOnRequest, AdminOnly } from 'src/admin-auth/admin-only.decorator';
import { idParam } from 'src/validation/id.pipe';
import { toAdminSlide, toPublicSlide } from './carousel.response';
import { CarouselService } from './carousel.service';
import { CreateCarouselVideoDto, UpdateCarouselVideoDto } from './dto/carousel-write.dto';
import { CacheTags, Invalidates, Tag } from 'src/common/cache-tags';

const id = idParam('Carousel slide id');

@CacheTags(Tag.carousel)
@Invalidates(Tag.carousel)
@Controller('api')
export class CarouselController {
  constructor(private readonly carousel: CarouselService) {}

  @Get('carousel-videos')
  @AdminListOnRequest()
  async list(@Query() { admin }: AdminListQueryDto) {
    return admin ? (await this.carousel.listAll()).map(toAdminSlide) : (await this.carousel.listPublished()).map(toPublicSlide);
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
