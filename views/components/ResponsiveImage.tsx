import { imageSources, type ImageOptions } from 'core/images';

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
