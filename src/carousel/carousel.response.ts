import type { CarouselVideo } from './carousel-video.entity';

/** The public slide (SPEC section 7: GET /api/carousel-videos). */
export function toPublicSlide(slide: CarouselVideo) {
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

export type PublicSlide = ReturnType<typeof toPublicSlide>;

export function toAdminSlide(slide: CarouselVideo) {
  return { ...toPublicSlide(slide), ordering: slide.ordering, published: slide.published, createdAt: slide.createdAt, updatedAt: slide.updatedAt };
}
