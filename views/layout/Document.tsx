import type { ReactNode } from 'react';
import { serializeForScript } from 'views/islands/serialize';

export interface DocumentProps {
  title: string;
  description: string;
  canonicalUrl: string;
  previousUrl?: string | null;
  nextUrl?: string | null;
  imageUrl: string;
  siteName: string;
  type: string;
  noindex: boolean;
  jsonLd: object[];
  stylesheets: string[];
  /** Web font files to preload: the ones the first view draws its text with. */
  fonts?: string[];
  script: string | null;
  analyticsId: string | null;
  /** The service worker's address when pages register it (src/config: SERVICE_WORKER), else null. */
  serviceWorker: string | null;
  /** The app icon for iOS home screens (the manifest's 192 px icon), when built. */
  touchIcon: string | null;
  children: ReactNode;
}

/** The HTML document around every page: head metadata, the stylesheet and the one hydration script. */
export function Document(props: DocumentProps) {
  return (
    <html lang="en-AU" data-analytics-id={props.analyticsId ?? undefined} data-service-worker={props.serviceWorker ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        <meta name="description" content={props.description} />
        <link rel="canonical" href={props.canonicalUrl} />
        {props.previousUrl && <link rel="prev" href={props.previousUrl} />}
        {props.nextUrl && <link rel="next" href={props.nextUrl} />}
        {props.noindex && <meta name="robots" content="noindex, nofollow" />}
        <meta property="og:site_name" content={props.siteName} />
        <meta property="og:title" content={props.title} />
        <meta property="og:description" content={props.description} />
        <meta property="og:type" content={props.type} />
        <meta property="og:url" content={props.canonicalUrl} />
        <meta property="og:image" content={props.imageUrl} />
        <meta property="og:locale" content="en_AU" />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={props.title} />
        <meta name="twitter:description" content={props.description} />
        <meta name="twitter:image" content={props.imageUrl} />
        <meta name="theme-color" content="#0b2545" />
        <link rel="icon" href="/media/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {props.touchIcon && <link rel="apple-touch-icon" href={props.touchIcon} />}
        <link rel="alternate" type="application/rss+xml" title={`${props.siteName} RSS`} href="/rss.xml" />
        {props.fonts?.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {props.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {props.script && <script type="module" src={props.script} />}
        {props.analyticsId && <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(props.analyticsId)}`} />}
        {props.jsonLd.map((data, index) => (
          <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />
        ))}
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-800 antialiased">{props.children}</body>
    </html>
  );
}
