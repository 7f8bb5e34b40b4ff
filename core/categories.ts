/** Categories offered on the public blog (SPEC section 3). */
export const PUBLIC_ARTICLE_CATEGORIES = ['Dive Sites', 'Safety', 'Tips', 'Marine Life'] as const;
/** The admin form also offers Gear Reviews and News. */
export const ARTICLE_CATEGORIES = ['Gear Reviews', 'Dive Sites', 'Safety', 'Marine Life', 'Tips', 'News'] as const;
/** Public review categories (the filter buttons of /gear-reviews, SPEC section 2). */
export const PUBLIC_REVIEW_CATEGORIES = ['BCDs', 'Dive Computers', 'Masks & Fins', 'Wetsuits', 'Cameras', 'Regulators'] as const;
/** The admin form adds Other (SPEC section 2, reviews tab). */
export const REVIEW_CATEGORIES = [...PUBLIC_REVIEW_CATEGORIES, 'Other'] as const;
