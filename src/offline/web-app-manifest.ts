import type { AssetManifest } from 'src/render/asset-manifest';

/** The site's colours: the header's navy and the page's background (views/layout). */
const THEME_COLOR = '#0b2545';
const BACKGROUND_COLOR = '#f8fafc';

/** The web app manifest: installed, the site opens on the dive sites, the pages a diver needs at sea. */
export function webAppManifest(siteName: string, icons: AssetManifest['icons']) {
  const png = (src: string | undefined, size: number, purpose: 'any' | 'maskable') =>
    src ? [{ src, sizes: `${size}x${size}`, type: 'image/png', purpose }] : [];
  return {
    id: '/',
    name: siteName,
    short_name: 'Dive Guide',
    description: 'Dive sites, gear reviews and news for scuba diving in Australia and the Pacific, with the dive-site pages you open kept for offline use.',
    lang: 'en-AU',
    start_url: '/dive-sites',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [...png(icons[192], 192, 'any'), ...png(icons[512], 512, 'any'), ...png(icons.maskable, 512, 'maskable')],
  };
}
