/**
 * The BlobStore port: media files. S3 with presigned URLs in AWS; files under `<DATA_DIR>/media` locally,
 * uploaded and read through signed URLs that the local gateway checks the same way.
 */
import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import {
  contentDisposition,
  MEDIA_URL_LIFETIME_SECONDS,
  mimeTypeOfName,
  servedContentType,
} from '@switchboard/shared/media-types';
import { clock } from '../clock.ts';
import { config } from '../config.ts';

export interface UploadTarget {
  url: string;
  headers: Record<string, string>;
}

export interface BlobStore {
  uploadUrl(key: string, file: { mimeType: string; size: number }): Promise<UploadTarget>;
  downloadUrl(key: string): Promise<string>;
  /** size of a stored file, or undefined when nothing was uploaded under the key */
  size(key: string): Promise<number | undefined>;
  /** stores a file the server itself received (a channel's media), with the type it is served as */
  put(key: string, data: Uint8Array, mimeType: string): Promise<void>;
  /** a stored file's bytes (a channel sends them on), or undefined when there is none */
  read(key: string): Promise<Buffer | undefined>;
  /**
   * Deletes up to about `limit` files whose keys start with `prefix` (a deleted company's `c<id>/`); answers how many
   * went and whether any are left, so a job can go on in steps.
   */
  deletePrefix(prefix: string, limit: number): Promise<{ deleted: number; more: boolean }>;
  /** What is stored under `prefix` (a company's `c<id>/`): bytes, files, and the newest file's time (ISO), by listing it. */
  prefixUsage(prefix: string): Promise<PrefixUsage>;
}

export interface PrefixUsage {
  bytes: number;
  files: number;
  lastModified: string | null;
}

/** The name a stored file is saved under: the key's last part without the unique prefix (`<ulid>-name.pdf`). */
export const fileNameOfKey = (key: string): string => {
  const last = key.slice(key.lastIndexOf('/') + 1);
  return /^[0-9A-HJKMNP-TV-Z]{26}-./.test(last) ? last.slice(27) : last;
};

const UPLOAD_TTL_SECONDS = 15 * 60;
const DOWNLOAD_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * A URL presigned with the function role's temporary credentials stops working when they expire, whatever
 * expiry it names, and those last hours, not days: S3 URLs are signed for an hour, and the web app reads an open
 * conversation again before then (MEDIA_URL_REFRESH_MS in shared/src/media-types.ts).
 */
export const S3_DOWNLOAD_TTL_SECONDS = MEDIA_URL_LIFETIME_SECONDS;

// ----- local -----

const signingKey = () => `media:${config().JWT_SECRET ?? 'local'}`;

export const localMediaSignature = (method: 'PUT' | 'GET', key: string, expires: number, extra = ''): string =>
  createHmac('sha256', signingKey()).update(`${method}\n${key}\n${expires}\n${extra}`).digest('base64url');

export const verifyLocalMediaSignature = (
  method: 'PUT' | 'GET',
  key: string,
  expires: number,
  signature: string,
  extra = '',
): boolean => {
  if (!Number.isFinite(expires) || expires * 1000 < clock().now().getTime()) return false;
  const expected = Buffer.from(localMediaSignature(method, key, expires, extra));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** The file behind a media key, refusing keys that would leave the media folder. */
export const localMediaPath = (key: string): string | undefined => {
  const root = join(config().DATA_DIR, 'media');
  const file = normalize(join(root, key));
  return file.startsWith(root + sep) ? file : undefined;
};

const localBlobStore: BlobStore = {
  async uploadUrl(key, file) {
    const expires = Math.floor(clock().now().getTime() / 1000) + UPLOAD_TTL_SECONDS;
    const sig = localMediaSignature('PUT', key, expires, `${file.mimeType}\n${file.size}`);
    const query = new URLSearchParams({ expires: String(expires), type: file.mimeType, size: String(file.size), sig });
    return { url: `${config().PUBLIC_URL}/media/${key}?${query}`, headers: { 'content-type': file.mimeType } };
  },
  async downloadUrl(key) {
    const expires = Math.floor(clock().now().getTime() / 1000) + DOWNLOAD_TTL_SECONDS;
    return `/media/${key}?${new URLSearchParams({ expires: String(expires), sig: localMediaSignature('GET', key, expires) })}`;
  },
  async size(key) {
    const file = localMediaPath(key);
    if (!file) return undefined;
    return stat(file).then(
      (s) => s.size,
      () => undefined,
    );
  },
  async put(key, data, mimeType) {
    const file = localMediaPath(key);
    if (!file) throw new Error('Bad media key');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
    // the same side file the local gateway writes on upload, so the file is served with its type
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType: mimeType }));
  },
  async read(key) {
    const file = localMediaPath(key);
    return file ? readFile(file).catch(() => undefined) : undefined;
  },
  async deletePrefix(prefix) {
    // a company's files are one folder here: it goes at once
    const folder = /^[^/]+\/$/.test(prefix) ? localMediaPath(prefix.slice(0, -1)) : undefined;
    if (!folder) throw new Error('Local media are removed by top-level folder only');
    const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    const deleted = files.filter((f) => f.isFile() && !f.name.endsWith('.meta.json')).length;
    await rm(folder, { recursive: true, force: true });
    return { deleted, more: false };
  },
  async prefixUsage(prefix) {
    const folder = /^[^/]+\/$/.test(prefix) ? localMediaPath(prefix.slice(0, -1)) : undefined;
    if (!folder) throw new Error('Local media are measured by top-level folder only');
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    const usage: PrefixUsage = { bytes: 0, files: 0, lastModified: null };
    for (const f of entries) {
      if (!f.isFile() || f.name.endsWith('.meta.json')) continue;
      const s = await stat(join(f.parentPath, f.name)).catch(() => undefined);
      if (!s) continue;
      usage.bytes += s.size;
      usage.files += 1;
      const at = s.mtime.toISOString();
      if (!usage.lastModified || at > usage.lastModified) usage.lastModified = at;
    }
    return usage;
  },
};

// ----- AWS -----

let s3: S3Client | undefined;
const bucket = () => {
  const name = process.env.MEDIA_BUCKET;
  if (!name) throw new Error('Invalid environment: MEDIA_BUCKET is required');
  return name;
};
const client = () => (s3 ??= new S3Client({ region: config().AWS_REGION }));

const s3BlobStore: BlobStore = {
  async uploadUrl(key, file) {
    // type and disposition are part of the signature: the stored object cannot claim another type
    const disposition = contentDisposition(file.mimeType, fileNameOfKey(key));
    const url = await getSignedUrl(
      client(),
      new PutObjectCommand({
        Bucket: bucket(),
        Key: key,
        ContentType: file.mimeType,
        ContentLength: file.size,
        ContentDisposition: disposition,
      }),
      { expiresIn: UPLOAD_TTL_SECONDS, signableHeaders: new Set(['content-type', 'content-disposition']) },
    );
    return { url, headers: { 'content-type': file.mimeType, 'content-disposition': disposition } };
  },
  // S3 answers on its own origin; the signed URL still fixes the type and the disposition it answers with
  downloadUrl: (key) => {
    const name = fileNameOfKey(key);
    const type = mimeTypeOfName(name);
    return getSignedUrl(
      client(),
      new GetObjectCommand({
        Bucket: bucket(),
        Key: key,
        ResponseContentType: servedContentType(type),
        ResponseContentDisposition: contentDisposition(type, name),
      }),
      { expiresIn: S3_DOWNLOAD_TTL_SECONDS },
    );
  },
  async size(key) {
    try {
      const out = await client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
      return out.ContentLength;
    } catch {
      return undefined;
    }
  },
  async put(key, data, mimeType) {
    await client().send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: key,
        Body: data,
        ContentType: mimeType,
        ContentDisposition: contentDisposition(mimeType, fileNameOfKey(key)),
      }),
    );
  },
  async read(key) {
    try {
      const out = await client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
    } catch {
      return undefined;
    }
  },
  async deletePrefix(prefix, limit) {
    let deleted = 0;
    let token: string | undefined;
    do {
      // a listing page and a delete call both take at most 1,000 keys
      const page = await client().send(
        new ListObjectsV2Command({
          Bucket: bucket(),
          Prefix: prefix,
          MaxKeys: Math.min(1000, limit - deleted),
          ContinuationToken: token,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const out = await client().send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys, Quiet: true } }));
        if (out.Errors?.length) throw new Error(`Media not deleted: ${out.Errors.map((e) => `${e.Key} ${e.Code}`).join(', ')}`);
        deleted += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && deleted < limit);
    return { deleted, more: token !== undefined };
  },
  async prefixUsage(prefix) {
    const usage: PrefixUsage = { bytes: 0, files: 0, lastModified: null };
    let token: string | undefined;
    do {
      const page = await client().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        usage.bytes += o.Size ?? 0;
        usage.files += 1;
        const at = o.LastModified?.toISOString();
        if (at && (!usage.lastModified || at > usage.lastModified)) usage.lastModified = at;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return usage;
  },
};

export const blobStore = (): BlobStore => (config().RUNTIME === 'local' ? localBlobStore : s3BlobStore);
