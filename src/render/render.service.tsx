import { Inject, Injectable } from '@nestjs/common';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { SERVICE_WORKER_PATH } from 'core/offline';
import { FixedBody } from 'src/http/fixed-body';
import { currentFormOutcome } from 'src/http/form-outcome-cookie';
import { FormOutcomeContext } from 'views/islands/form-outcome-context';
import { loadIslands } from 'views/islands/Island';
import { Document } from 'views/layout/Document';
import { AdminLayout } from 'views/layout/AdminLayout';
import { Layout } from 'views/layout/Layout';
import { loadAssetManifest, type AssetManifest } from './asset-manifest';
import type { PageMeta, PageView } from './page-meta';

const DEFAULT_IMAGE = '/media/poster-reef.svg';

/**
 * Where a kept page's text goes (pageWithText): a NUL, which no text of the site can hold (PostgreSQL text
 * cannot, and the edge refuses it in a request), and which React writes out as it is.
 */
const TEXT_MARKER = '\u0000text\u0000';

/** Text as React writes a text node (react-dom/server's escapeTextForBrowser): the same five characters. */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
export function escapeText(text: string): string {
  return text.replace(/["&'<>]/g, (character) => ESCAPES[character]);
}

/** Renders a page component inside the layout and the document shell, to a complete HTML string. */
@Injectable()
export class RenderService {
  private readonly assets: AssetManifest;
  /** The pages rendered once (fixedPage, pageWithText), by key: their HTML cut at each place of the text. */
  private readonly keptPages = new Map<string, string[]>();
  /** The fixed pages as bodies (fixedBody), by key: their ETag and compressed forms made once. */
  private readonly keptBodies = new Map<string, FixedBody>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.assets = loadAssetManifest();
    loadIslands();
  }

  get siteName(): string {
    return this.config.siteName;
  }

  /** The built app icons, for the web app manifest. */
  get icons(): AssetManifest['icons'] {
    return this.assets.icons;
  }

  /** The URL of a built data file (see scripts/build-client.mjs), or null without a build. */
  dataUrl(name: string): string | null {
    return this.assets.data[name] ?? null;
  }

  absoluteUrl(path: string): string {
    return /^https?:\/\//.test(path) ? path : `${this.config.siteUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  /** A presenter's page: `Component` with the view's props, under the view's meta. */
  view<P extends object>(Component: ComponentType<P>, { meta, props }: PageView<P>): string {
    return this.page(meta, createElement(Component, props));
  }

  /**
   * A page that is the same for every request (a refusal's page): rendered once for `key`, then sent as it
   * was. A request carrying a form's outcome, which the page would show, is rendered as usual.
   */
  fixedPage(key: string, meta: PageMeta, body: () => ReactElement): string {
    return this.kept(key, meta, body, '');
  }

  /**
   * fixedPage as a body to send (src/http/fixed-body.ts sendBody): kept with its ETag and its compressed
   * forms, so that answering it costs no compression either. A request carrying a form's outcome gets
   * its page rendered as usual (a string).
   */
  fixedBody(key: string, meta: PageMeta, body: () => ReactElement): FixedBody | string {
    if (currentFormOutcome()) return this.page(meta, body());
    let kept = this.keptBodies.get(key);
    if (!kept) {
      kept = new FixedBody(this.fixedPage(key, meta, body));
      this.keptBodies.set(key, kept);
    }
    return kept;
  }

  /**
   * `page(meta, body(text))` for a page that differs from request to request only by `text`, shown as a
   * text node (an email address): rendered once for `key` around a marker, and each answer is that HTML
   * with the text put in, escaped as React escapes it, so that it is byte for byte what the render would
   * be (test/unit/kept-pages.spec.ts). `body` must show `text` as it is (not changed, not in a URL), and
   * `key` name one form of the page. An empty text, or a request carrying a form's outcome, is rendered as usual.
   */
  pageWithText(key: string, meta: PageMeta, body: (text: string) => ReactElement, text: string): string {
    if (!text) return this.page(meta, body(text));
    return this.kept(key, meta, body, text);
  }

  private kept(key: string, meta: PageMeta, body: (text: string) => ReactElement, text: string): string {
    if (currentFormOutcome()) return this.page(meta, body(text));
    let parts = this.keptPages.get(key);
    if (!parts) {
      parts = this.page(meta, body(TEXT_MARKER)).split(TEXT_MARKER);
      this.keptPages.set(key, parts);
    }
    return parts.length === 1 ? parts[0] : parts.join(escapeText(text));
  }

  page(meta: PageMeta, body: ReactElement): string {
    const { siteName } = this.config;
    const title = meta.fullTitle ? meta.title : `${meta.title} | ${siteName}`;
    const content = <FormOutcomeContext.Provider value={currentFormOutcome()}>{body}</FormOutcomeContext.Provider>;
    const stylesheets = [this.assets.css, ...(meta.styles ?? []).map((name) => this.assets.styles[name])].filter((href): href is string => !!href);
    const html = renderToString(
      <Document
        title={title}
        description={meta.description}
        canonicalUrl={this.absoluteUrl(meta.path)}
        previousUrl={meta.previousPath ? this.absoluteUrl(meta.previousPath) : null}
        nextUrl={meta.nextPath ? this.absoluteUrl(meta.nextPath) : null}
        imageUrl={this.absoluteUrl(meta.image ?? DEFAULT_IMAGE)}
        siteName={siteName}
        type={meta.type ?? 'website'}
        noindex={meta.noindex ?? false}
        jsonLd={meta.jsonLd ?? []}
        stylesheets={stylesheets}
        fonts={this.assets.fonts}
        script={this.assets.hydrate}
        analyticsId={this.config.analyticsId}
        serviceWorker={this.config.serviceWorker ? SERVICE_WORKER_PATH : null}
        touchIcon={this.assets.icons[192] ?? null}
      >
        {meta.layout === 'admin' ? (
          <AdminLayout>{content}</AdminLayout>
        ) : (
          <Layout currentPath={meta.path} siteName={siteName}>
            {content}
          </Layout>
        )}
      </Document>,
    );
    return `<!DOCTYPE html>${html}`;
  }
}
