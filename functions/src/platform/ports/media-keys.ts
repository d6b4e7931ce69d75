/**
 * Where media files live in the blob store. Every file of a company sits under its company prefix, so the
 * company's media is measured and purged by that prefix alone; the platform's own files sit under `platform/`.
 * A stored name starts with a ULID (unique, sortable) and keeps only URL-safe characters of the uploaded name.
 */
import { ids } from '../clock.ts';

export const companyMediaPrefix = (companyId: number): string => `c${companyId}/`;

export const PLATFORM_MEDIA_PREFIX = 'platform/';

/** The uploaded name as kept in a key: a ULID, then the name's URL-safe characters (the last 100), never empty. */
export const storedFileName = (uploadedName: string, fallback = 'file'): string =>
  `${ids.ulid()}-${uploadedName.replace(/[^\w.-]+/g, '_').slice(-100) || fallback}`;

/** A new key for a company's file under `folder` (the owning record's folder, e.g. `t42` for ticket 42). */
export const companyMediaKey = (companyId: number, folder: string, uploadedName: string, fallback?: string): string =>
  `${companyMediaPrefix(companyId)}${folder}/${storedFileName(uploadedName, fallback)}`;
