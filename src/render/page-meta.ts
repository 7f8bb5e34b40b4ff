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
  /** 'admin': the admin screens' own frame, without the public header, search and footer (issue 44). */
  layout?: 'site' | 'admin';
}

/** What a presenter needs of the site to write absolute addresses (RenderService is one). */
export interface SiteAddress {
  readonly siteName: string;
  absoluteUrl(path: string): string;
}

/** A presenter's answer: the page's meta and its component's props. */
export interface PageView<P> {
  meta: PageMeta;
  props: P;
}
