import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from 'src/common/project-root';

export interface AssetManifest {
  /** The hydration entry, e.g. /assets/hydrate-3F2A.js */
  hydrate: string | null;
  /** The site's stylesheet, e.g. /assets/app-91BC.css */
  css: string | null;
  /** Extra stylesheets by name (e.g. leaflet). */
  styles: Record<string, string>;
  /** Data files by name (e.g. land: the offline map outline). */
  data: Record<string, string>;
  /** The web app manifest's icons: 192 and 512 px, and a maskable 512 px one. */
  icons: { 192?: string; 512?: string; maskable?: string };
  /** The web font files every first view uses, preloaded from the head (e.g. /assets/fonts/inter-…woff2). */
  fonts: string[];
}

export const ASSETS_DIR = () => join(projectRoot(), 'dist', 'public', 'assets');

/** Reads the manifest the client build writes; without a build, pages render without scripts or CSS. */
export function loadAssetManifest(): AssetManifest {
  const file = join(ASSETS_DIR(), 'manifest.json');
  if (!existsSync(file)) return { hydrate: null, css: null, styles: {}, data: {}, icons: {}, fonts: [] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<AssetManifest>;
  return {
    hydrate: manifest.hydrate ?? null,
    css: manifest.css ?? null,
    styles: manifest.styles ?? {},
    data: manifest.data ?? {},
    icons: manifest.icons ?? {},
    fonts: manifest.fonts ?? [],
  };
}
