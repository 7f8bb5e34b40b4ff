import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from 'src/config/app.config';

/** The hosts of the map tile pattern, e.g. https://{s}.tile.openstreetmap.org -> https://*.tile.openstreetmap.org */
function tileSource(tileUrl: string): string {
  try {
    const url = new URL(tileUrl.replace('{s}', 'a').replace(/\{[a-z]\}/g, '0'));
    const host = tileUrl.includes('{s}.') ? `*.${url.host.split('.').slice(1).join('.')}` : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return "'self'";
  }
}

/**
 * Security headers for every answer. Scripts come only from this site's own files (island props and
 * JSON-LD are data blocks, which CSP does not execute), so no inline script is ever allowed. Images
 * and videos may come from any https host because the administrator enters their URLs.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const https = config.siteUrl.startsWith('https://');
  // gtag.js and the hosts it reports to, only when ANALYTICS_ID turns analytics on.
  const analyticsScripts = config.analyticsId ? ['https://www.googletagmanager.com'] : [];
  const analyticsConnect = config.analyticsId ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analyticsScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', tileSource(config.tileUrl)],
        mediaSrc: ["'self'", 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...analyticsConnect],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    xFrameOptions: { action: 'deny' },
  });
}

/** Features the site never uses; the position only for its own pages ('Near me' on /dive-sites sorts by it in the browser). */
export const permissionsPolicy: RequestHandler = (_request, response, next) => {
  response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()');
  next();
};
