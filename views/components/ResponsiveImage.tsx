import { IMAGE_SIZES, imageSources, type ImageOptions } from 'core/images';

/** What a broken image turns into (client/lib/image-fallbacks.ts): SPEC section 4's error states. */
export type ImageFallback = 'hero' | 'review' | 'box' | 'hide';

export interface ResponsiveImageProps extends ImageOptions {
  src: string;
  alt: string;
  /** The intrinsic size (its ratio is what matters): the box is reserved before the image arrives. */
  width: number;
  height: number;
  /** The layout's width of the image at each breakpoint, for the browser to pick from the srcset. */
  sizes: string;
  /** The page's largest image: fetched first and eagerly. Every other image loads lazily. */
  priority?: boolean;
  fallback?: ImageFallback;
  className?: string;
}

/**
 * An image through GET /img: SPEC's widths as a srcset (an SVG as it is), a slate box behind it as the
 * loading placeholder, and the error state the view chose.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority, fallback = 'hide', className = '', maxWidth, review }: ResponsiveImageProps) {
  const sources = imageSources(src, { maxWidth, review });
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      data-fallback={fallback}
      className={`bg-slate-200 ${className}`}
    />
  );
}

/** A 3:2 photo at the top of a card (or, `fill`ing its cell, beside a featured item), up to 1200 px wide. */
export function CardImage({
  src,
  sizes = IMAGE_SIZES.card,
  fallback,
  fill = false,
}: {
  src: string;
  sizes?: string;
  fallback?: ImageFallback;
  fill?: boolean;
}) {
  return (
    <ResponsiveImage
      src={src}
      alt=""
      width={1200}
      height={800}
      sizes={sizes}
      maxWidth={1200}
      fallback={fallback}
      className={`aspect-[3/2] ${fill ? 'h-full ' : ''}w-full object-cover`}
    />
  );
}

/** The full-width photo behind a page's hero, faded to `opacity` (a Tailwind class). */
export function HeroImage({ src, opacity }: { src: string; opacity: string }) {
  return (
    <ResponsiveImage
      src={src}
      alt=""
      width={1600}
      height={900}
      sizes={IMAGE_SIZES.hero}
      priority
      fallback="hero"
      className={`absolute inset-0 -z-10 h-full w-full object-cover ${opacity}`}
    />
  );
}

/** The 3:2 photo that leads an article or a review across its reading column: the page's first image. A review's is the review crop. */
export function LeadImage({ src, alt, review, className }: { src: string; alt: string; review?: boolean; className: string }) {
  return (
    <ResponsiveImage
      src={src}
      alt={alt}
      width={1200}
      height={800}
      sizes={IMAGE_SIZES.column}
      review={review}
      priority
      fallback={review ? 'review' : 'box'}
      className={`${className} aspect-[3/2] w-full rounded-2xl object-cover`}
    />
  );
}
