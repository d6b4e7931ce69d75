/**
 * Quick replies of a company (spec document 3, entity "Quick message").
 *
 * Items and access patterns (cid = company id):
 * - quick message: pk C#<cid>, sk QM#<padId>, type 'quickMessage': id, shortcode, message, geral, visao, userId,
 *   media fields, timestamps, rev.
 *   - get one by id.
 *   - the page's list and the picker, in shortcode order and searched by shortcode prefix:
 *     gsi1pk C#<cid>#QM, gsi1sk <lowercased shortcode> (Query with begins_with).
 * - shortcode marker: pk C#<cid>, sk QMCODE#<lowercased shortcode>, { quickMessageId }: written in the same
 *   transaction as the reply with attribute_not_exists, so a shortcode exists once per company (any letter case).
 * - ids: counter item from nextId(C#<cid>, 'quickMessage').
 * - media files: blob store keys c<cid>/qm<id>/<ulid>-<name>.
 */
import { companyPk, padId } from '../../platform/table/keys.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';

export interface QuickMessageRecord {
  id: number;
  companyId: number;
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
  userId: number;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  mediaType: string | null;
  createdAt: string;
  updatedAt: string;
  /** bumped on every write; a write conditioned on it loses to a concurrent one instead of overwriting it */
  rev: number;
}

export type QuickMessageItem = QuickMessageRecord & {
  pk: string;
  sk: string;
  type: 'quickMessage';
  gsi1pk: string;
  gsi1sk: string;
};

export interface ShortcodeMarkerItem {
  pk: string;
  sk: string;
  type: 'quickMessageShortcode';
  companyId: number;
  quickMessageId: number;
}

export const shortcodeOf = (shortcode: string): string => shortcode.trim().toLowerCase();

export const quickMessageKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `QM#${padId(id)}` });
export const quickMessageByShortcodePk = (companyId: number): string => `${companyPk(companyId)}#QM`;
export const shortcodeMarkerKey = (companyId: number, shortcode: string) => ({
  pk: companyPk(companyId),
  sk: `QMCODE#${shortcodeOf(shortcode)}`,
});

export const toQuickMessageItem = (r: QuickMessageRecord): QuickMessageItem => ({
  ...quickMessageKey(r.companyId, r.id),
  type: 'quickMessage',
  gsi1pk: quickMessageByShortcodePk(r.companyId),
  gsi1sk: shortcodeOf(r.shortcode),
  ...r,
});

export const shortcodeMarkerItem = (r: QuickMessageRecord): ShortcodeMarkerItem => ({
  ...shortcodeMarkerKey(r.companyId, r.shortcode),
  type: 'quickMessageShortcode',
  companyId: r.companyId,
  quickMessageId: r.id,
});

export const quickMessageMediaPrefix = (companyId: number, id: number): string => `${companyMediaPrefix(companyId)}qm${id}/`;
