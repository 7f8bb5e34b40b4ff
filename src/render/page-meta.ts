/** What a page tells search engines and social networks about itself. */
export interface PageMeta {
  /** The page's own title; the site name is appended unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** The path of the page, used for its canonical URL and the active navigation item. */
  path: string;
  image?: string;
  /** A list split into pages: the paths of the previous and next pages (`<link rel="prev|next">`). */
  previousPath?: string | null;
  nextPath?: string | null;
  type?: 'website' | 'article' | 'product';
  noindex?: boolean;
  /** schema.org objects written as JSON-LD. */
  jsonLd?: object[];
  /** Extra stylesheets from the asset manifest (e.g. 'leaflet'). */
  styles?: string[];
}
