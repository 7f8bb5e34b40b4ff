// The three stock hero images a hero falls back to when its own image fails (SPEC section 4, 'Images';
// client/lib/image-fallbacks.ts). No freely licensed underwater photograph installs from the npm registry
// or Debian, so they are the seed's reef, wreck and drift illustrations rendered as 1600x900 JPEGs: raster
// images served by the site itself. Run `node scripts/make-stock-heroes.mjs` after changing a source.
import { join } from 'node:path';
import sharp from 'sharp';

const media = join(import.meta.dirname, '..', 'public', 'media');
const HEROES = { 'hero-reef.jpg': 'scene-coral-reef.svg', 'hero-wreck.jpg': 'scene-wreck.svg', 'hero-drift.jpg': 'scene-drift.svg' };

for (const [target, source] of Object.entries(HEROES)) {
  await sharp(join(media, source), { density: 300 })
    .resize(1600, 900, { fit: 'cover' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(join(media, 'stock', target));
}
