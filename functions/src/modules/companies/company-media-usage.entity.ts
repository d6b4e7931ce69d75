/**
 * Each company's stored media as last measured. Access pattern:
 * - pk C#<id>, sk MEDIAUSAGE { bytes, files, lastModified, measuredAt, requestedAt }, read for a page of companies in
 *   one BatchGet
 */
import { companyPk } from '../../platform/table/keys.ts';

export const mediaUsageKey = (id: number) => ({ pk: companyPk(id), sk: 'MEDIAUSAGE' });

export interface MediaUsageRecord {
  companyId: number;
  bytes: number;
  files: number;
  /** the newest stored file's time (ISO) */
  lastModified: string | null;
  /** when it was measured; null while the first measure is on its way */
  measuredAt: string | null;
  /** when a measure was last asked for (one at a time) */
  requestedAt: string | null;
}
