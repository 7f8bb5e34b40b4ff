import { Inject, Injectable } from '@nestjs/common';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { APP_CONFIG, type AppConfig } from 'src/config/app.config';
import { SERVICE_WORKER_PATH } from 'core/offline';
import { currentFormOutcome } from 'src/http/form-outcome-cookie';
import { FormOutcomeContext } from 'views/islands/form-outcome-context';
import { loadIslands } from 'views/islands/Island';
import { Document } from 'views/layout/Document';
import { AdminLayout } from 'views/layout/AdminLayout';
import { Layout } from 'views/layout/Layout';
import { loadAssetManifest, type AssetManifest } from './asset-manifest';
import type { PageMeta, PageView } from './page-meta';

const DEFAULT_IMAGE = '/media/poster-reef.svg';

/** Renders a page component inside the layout and the document shell, to a complete HTML string. */
@Injectable()
export class RenderService {
  private readonly assets: AssetManifest;

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
