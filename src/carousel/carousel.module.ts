import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CarouselVideo } from './carousel-video.entity';
import { CarouselController } from './carousel.controller';
import { CarouselService } from './carousel.service';

@Module({
  imports: [TypeOrmModule.forFeature([CarouselVideo])],
  controllers: [CarouselController],
  providers: [CarouselService],
  exports: [CarouselService],
})
export class CarouselModule {}
