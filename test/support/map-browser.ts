import type { Page } from 'playwright-core';
import type { SkillLevel } from 'core/dive-sites/fields';

/** The markers of the dive-site map inside its box (others may lie in the margin Leaflet draws beyond it), biggest cluster first. */
async function clickInside(page: Page, kind: 'marker' | 'cluster'): Promise<void> {
  await page.evaluate((selector) => {
    const box = document.querySelector('[data-testid="dive-site-map"]')!.getBoundingClientRect();
    const inside = [...document.querySelectorAll<HTMLElement>(`[data-testid="dive-site-map"] ${selector}`)].filter((marker) => {
      const at = marker.getBoundingClientRect();
      return at.left >= box.left && at.right <= box.right && at.top >= box.top && at.bottom <= box.bottom;
    });
    inside.sort((a, b) => Number(b.textContent) - Number(a.textContent))[0].click();
  }, `.dive-site-${kind}`);
}

/** Clicks the biggest cluster inside the map's box. */
export const clickBiggestCluster = (page: Page) => clickInside(page, 'cluster');

/** Opens the popup of a single site inside the map's box and checks SPEC's rows load into it. */
export async function openSitePopup(page: Page): Promise<string> {
  await clickInside(page, 'marker');
  const popup = page.locator('.leaflet-popup-content');
  await popup.getByText('Skill Level').waitFor();
  return popup.innerText();
}

/** `count` sites spread over Australia (so the map has to cluster them past its thresholds), named `{name} {i}`. */
export function sitesOverAustralia(count: number, fields: { name: string; region: string; skillLevel: SkillLevel }) {
  return Array.from({ length: count }, (_, i) => ({
    name: `${fields.name} ${i}`,
    region: fields.region,
    latitude: (-12 - ((i * 37) % 260) / 10).toFixed(8),
    longitude: (116 + ((i * 53) % 370) / 10).toFixed(8),
    waterTemp: '12-17°C',
    skillLevel: fields.skillLevel,
    depthRange: '5-12m',
    description: `A grown test site number ${i}.`,
  }));
}

/**
 * Waits until the dive-site map's canvas shows the offline land (its fill, #f1f5f9, on the sea-blue
 * background) and returns how many of its pixels do.
 */
export async function landPainted(page: Page): Promise<number> {
  const painted = await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="dive-site-map"] .leaflet-overlay-pane canvas');
    const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    let land = 0;
    for (let at = 0; at < pixels.length; at += 4) if (pixels[at] === 241 && pixels[at + 1] === 245 && pixels[at + 2] === 249) land++;
    return land > 0 && land;
  });
  return (await painted.jsonValue()) as number;
}

/** The dive-site map's box once it has settled (south, west, north, east), as the map writes it on its element. */
export async function mapBounds(page: Page): Promise<{ south: number; west: number; north: number; east: number }> {
  const text = await page.locator('[data-testid="dive-site-map"] [data-bounds]').getAttribute('data-bounds');
  const [south, west, north, east] = text!.split(',').map(Number);
  return { south, west, north, east };
}

/** Whether a site lies in the box, as the map draws it (east of the antimeridian one world east). */
export function inBounds(box: { south: number; west: number; north: number; east: number }, site: { latitude: string | number; longitude: string | number }) {
  const lat = Number(site.latitude);
  const lng = Number(site.longitude) < -30 ? Number(site.longitude) + 360 : Number(site.longitude);
  return lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;
}

/** Waits until the map's view holds every one of these sites (it fits them once they are filtered), and returns its box. */
export async function waitForSitesInView(page: Page, sites: { latitude: string | number; longitude: string | number }[]) {
  const points = sites.map((site) => [Number(site.latitude), Number(site.longitude) < -30 ? Number(site.longitude) + 360 : Number(site.longitude)]);
  await page.waitForFunction((points) => {
    const text = document.querySelector('[data-testid="dive-site-map"] [data-bounds]')?.getAttribute('data-bounds');
    if (!text) return false;
    const [south, west, north, east] = text.split(',').map(Number);
    return points.every(([lat, lng]) => lat >= south && lat <= north && lng >= west && lng <= east);
  }, points);
  return mapBounds(page);
}
