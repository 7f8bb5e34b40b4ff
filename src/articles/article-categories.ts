/** Categories offered on the public blog (SPEC section 3). */
export const PUBLIC_ARTICLE_CATEGORIES = ['Dive Sites', 'Safety', 'Tips', 'Marine Life'] as const;
/** The admin form also offers Gear Reviews and News. */
export const ARTICLE_CATEGORIES = ['Gear Reviews', 'Dive Sites', 'Safety', 'Marine Life', 'Tips', 'News'] as const;
