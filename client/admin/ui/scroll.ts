/**
 * Brings the dashboard's tabs (and the editor under them) into view after 'Edit': gliding, unless the
 * administrator has asked for less motion.
 */
export function scrollToEditor(): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('admin-tabs')?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth' });
}
