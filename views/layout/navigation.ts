/** The header navigation of SPEC section 2, in order. */
export const NAV_ITEMS = [
  { label: 'Home', href: '/' },
  { label: 'News', href: '/blog' },
  { label: 'Gear Reviews', href: '/gear-reviews' },
  { label: 'Dive Sites', href: '/dive-sites' },
  { label: 'Learn to Dive', href: '/learn-to-dive' },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact' },
] as const;

/** Home is active only on an exact match; every other item on its path prefix. */
export function isActive(href: string, currentPath: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
