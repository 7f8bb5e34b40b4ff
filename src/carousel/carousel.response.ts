import type { AdminSlide, PublicSlide } from 'core/api/carousel';
import type { CarouselVideo } from './carousel-video.entity';

export function toPublicSlide(slide: CarouselVideo): PublicSlide {
  return {
    id: slide.id,
    videoUrl: slide.videoUrl,
    title: slide.title,
    description: slide.description,
    ctaText: slide.ctaText,
    ctaUrl: slide.ctaUrl,
    posterImageUrl: slide.posterImageUrl,
  };
}

export function toAdminSlide(slide: CarouselVideo): AdminSlide<Date> {
  return { ...toPublicSlide(slide), ordering: slide.ordering, published: slide.published, createdAt: slide.createdAt, updatedAt: slide.updatedAt };
}
