/**
 * What the local gateway adds to its answers, as CloudFront does in AWS: the web app's security headers (from
 * infra/lib/web-security.ts, which CloudFront's response headers policies use too) and gzip or brotli bodies for
 * clients that accept them.
 */
import type { IncomingMessage } from 'node:http';
export { inlineScriptHashes, isWidgetPath, webAppHeaders } from '../lib/web-security.ts';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding a request accepts, brotli first; undefined for identity (q=0 excludes one). */
export const acceptedEncoding = (req: IncomingMessage): Encoding | undefined => {
  const header = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
};

/** Types worth compressing; images, fonts in woff2 and media are compressed already. */
export const isCompressible = (contentType: string): boolean =>
  /^(text\/|application\/(json|javascript|manifest\+json|vnd\.ms-fontobject)|image\/svg\+xml|font\/ttf)/.test(contentType);

/** Bodies under this size are sent as they are: compressing them saves nothing worth the time. */
export const MIN_COMPRESS_BYTES = 1024;

export const compress = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 });

/**
 * Compressed static files, made once per file version (path, size and mtime) and kept in memory: the web build
 * is a few megabytes, so serving it costs no compression work after the first request of each file.
 */
export class CompressedFiles {
  private readonly cache = new Map<string, Promise<Buffer>>();

  get(file: string, version: string, body: () => Promise<Buffer>, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding}\n${file}\n${version}`;
    let entry = this.cache.get(key);
    if (!entry) {
      entry = body().then((raw) => compress(raw, encoding));
      entry.catch(() => this.cache.delete(key));
      this.cache.set(key, entry);
    }
    return entry;
  }
}
