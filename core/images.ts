/** SPEC section 9's responsive widths, served by GET /img (src/images). */
export const IMAGE_WIDTHS = [400, 600, 800, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** SPEC section 9's review image: 1200x800 at quality 85, cover-cropped by the endpoint (fit=review). */
export const REVIEW_IMAGE = { width: 1200, height: 800, quality: 85 } as const;

/** SPEC section 9's qualities, the only ones GET /img takes: the default 80 and the review image's 85. */
export const IMAGE_QUALITIES = [80, REVIEW_IMAGE.quality] as const;

/**
 * The `sizes` of the site's layouts (Tailwind breakpoints; the content column is max-w-7xl, 1280 px less
 * 2 rem of padding): what width each kind of image is shown at, so the browser picks the right variant.
 */
export const IMAGE_SIZES = {
  /** Full-bleed heroes and the home carousel. */
  hero: '100vw',
  /** A card in the 1, 2 then 3 column grids (sm:grid-cols-2 lg:grid-cols-3, gap-6). */
  card: '(min-width: 1280px) 395px, (min-width: 1024px) calc((100vw - 5rem) / 3), (min-width: 640px) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  /** The home page's three section cards (md:grid-cols-3). */
  section: '(min-width: 1280px) 395px, (min-width: 768px) calc((100vw - 5rem) / 3), calc(100vw - 2rem)',
  /** An image across an article or review column (max-w-3xl). */
  column: '(min-width: 800px) 736px, calc(100vw - 2rem)',
  /** The main column of a dive-site page (lg:grid-cols-[2fr_1fr] with gap-8 in max-w-7xl). */
  main: '(min-width: 1280px) 811px, (min-width: 1024px) calc((100vw - 4rem) * 2 / 3), calc(100vw - 2rem)',
  /** One half of a two-column feature box (md:grid-cols-2 in max-w-7xl). */
  half: '(min-width: 1280px) 608px, (min-width: 768px) calc(50vw - 1rem), calc(100vw - 2rem)',
} as const;

export interface ImageOptions {
  /** The widest variant offered (the layout never shows the image wider, at 2x density included). */
  maxWidth?: ImageWidth;
  /** The review crop: 3:2 at quality 85. */
  review?: boolean;
}

/** What an <img> needs: `srcSet` only for a raster image the endpoint can resize. */
export interface ImageSources {
  src: string;
  srcSet?: string;
}

const isSvg = (src: string) => /\.svg$/i.test(src.split(/[?#]/, 1)[0]);

/** A source GET /img takes: a path under /media/ or an absolute http(s) URL. */
function resizable(src: string): boolean {
  if (src.startsWith('/media/')) return true;
  return /^https?:\/\//i.test(src);
}

export function imageUrl(src: string, width: ImageWidth, options: ImageOptions = {}): string {
  const query = new URLSearchParams({ src, w: String(width) });
  if (options.review) {
    query.set('q', String(REVIEW_IMAGE.quality));
    query.set('fit', 'review');
  }
  return `/img?${query.toString()}`;
}

/** One variant's URL, for what takes no srcset (a video's poster); an SVG or a source the endpoint does not take as it is. */
export function singleImageUrl(src: string, width: ImageWidth): string {
  return !src || isSvg(src) || !resizable(src) ? src : imageUrl(src, width);
}

/**
 * The `src` and `srcset` of an image through the endpoint, over SPEC's widths up to `maxWidth`. An SVG
 * (the seed's illustrations) scales by itself and is served as it is; so is a source the endpoint does
 * not take (a data: URL, a path outside /media/).
 */
export function imageSources(src: string, options: ImageOptions = {}): ImageSources {
  if (!src || isSvg(src) || !resizable(src)) return { src };
  const maxWidth = options.maxWidth ?? 1600;
  const widths = IMAGE_WIDTHS.filter((width) => width <= maxWidth);
  // Browsers without srcset get SPEC's review size, or a middle width.
  const preferred = options.review ? REVIEW_IMAGE.width : 800;
  const fallback = widths.includes(preferred as ImageWidth) ? preferred : widths[widths.length - 1];
  return {
    src: imageUrl(src, fallback, options),
    srcSet: widths.map((width) => `${imageUrl(src, width, options)} ${width}w`).join(', '),
  };
}

/**
 * The site's own drawings (public/media: scenes, posters and gear), as against a photo of a place or a
 * product. An illustration is never captioned as a place, and a card shows its designed pattern instead
 * (issue 47).
 */
export function isIllustration(src: string | null | undefined): boolean {
  return !!src && /^\/media\/(scene|poster|gear)-[\w-]+\.svg$/.test(src);
}
