/**
 * The web app's security headers, one definition for both runtimes: the local gateway sends them, and the CDK
 * stack's CloudFront response headers policies carry the same values. The chat widget alone may be framed (it is
 * embedded in customers' sites); nothing else may.
 */
import { createHash } from 'node:crypto';

/** Paths of the embeddable chat widget: customers' sites frame them. */
export const isWidgetPath = (pathname: string): boolean => pathname === '/widget' || pathname.startsWith('/widget/');

/** sha256 sources of the inline scripts of a page, so the CSP allows exactly those and no injected one. */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
};

/**
 * The policy of the web app's pages. PrimeReact sets style attributes and injects style elements, hence inline
 * styles; scripts only from this origin plus the page's own inline ones, by hash; media also from the media
 * store's origin where that is another one (S3 in AWS).
 */
export const contentSecurityPolicy = (options: { widget: boolean; scriptHashes: string[]; mediaOrigins?: string[] }): string => {
  const media = (options.mediaOrigins ?? []).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${options.scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // help videos (spec document 3 "Help videos"): YouTube thumbnails and its no-cookie player
    `img-src 'self' data: blob: https://i.ytimg.com ${media}`.trim(),
    `media-src 'self' data: blob: ${media}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ws: wss: ${media}`.trim(),
    "frame-src 'self' https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.widget ? '*' : "'none'"}`,
  ].join('; ');
};

/** Headers of every page and asset of the web app (local gateway: media on the same origin). */
export const webAppHeaders = (pathname: string, scriptHashes: string[]): Record<string, string> => {
  const widget = isWidgetPath(pathname);
  const csp = contentSecurityPolicy({ widget, scriptHashes });
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(widget ? {} : { 'x-frame-options': 'DENY' }),
  };
};
