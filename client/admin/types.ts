/** The shapes the admin screens read from the API (SPEC sections 3 and 7). Dates arrive as ISO text. */

export interface SessionStatus {
  minutesRemaining: number;
  isContentEditing: boolean;
}

export interface AdminArticle {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  imageUrl: string;
  videoUrl: string | null;
  videoThumbnail: string | null;
  author: string;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminReview {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  imageUrl: string;
  price: string | null;
  purchaseLink: string;
  rating: string | null;
  author: string;
  published: boolean;
  featured: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CarouselSlide {
  id: number;
  title: string;
  description: string | null;
  videoUrl: string;
  ctaText: string | null;
  ctaUrl: string | null;
  posterImageUrl: string | null;
  ordering: number;
  published: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface DiveSite {
  id: number;
  name: string;
  latitude: string;
  longitude: string;
  waterTemp: string;
  skillLevel: string;
  depthRange: string;
  description: string;
  region: string;
  visibility: string | null;
  bestTime: string | null;
  marineLife: string | null;
  hazards: string | null;
  facilities: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  videoThumbnail: string | null;
  reviewLink: string | null;
  blogSlug: string | null;
  featured: boolean;
  createdAt: string;
}

export interface Subscriber {
  id: number;
  email: string;
  subscribed: boolean;
  createdAt: string;
}

export interface AdminComment {
  id: number;
  articleId: number;
  name: string;
  email: string | null;
  content: string;
  approved: boolean;
  createdAt: string;
  article: { id: number; title: string; slug: string } | null;
}

export interface SecurityEvent {
  timestamp: string;
  action: string;
  ipAddress: string | null;
  details: string | Record<string, unknown> | null;
}

export interface SecuritySummary {
  totalLoginAttempts: number;
  successfulLogins: number;
  failedAttempts: number;
  blockedAttempts: number;
  recentActivity: SecurityEvent[];
}
