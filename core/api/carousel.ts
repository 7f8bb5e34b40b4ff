import type { Moment } from './moment';

/** The public slide (SPEC section 7: GET /api/carousel-videos). */
export interface PublicSlide {
  id: number;
  videoUrl: string;
  title: string;
  description: string | null;
  ctaText: string | null;
  ctaUrl: string | null;
  posterImageUrl: string | null;
}

export interface AdminSlide<T extends Moment = string> extends PublicSlide {
  ordering: number;
  published: boolean;
  createdAt: T;
  updatedAt: T;
}
