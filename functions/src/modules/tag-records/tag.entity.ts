/**
 * The tag item as the modules below the tags module read and count it (contacts, tickets); the tags module writes it
 * and keeps its name markers and kanban lanes (tags/tag.entity.ts).
 *
 * - tag: pk C#<cid>, sk TAG#<padId>, type 'tag': id, name, color (#rrggbb), kanban (0|1), timestamps, and
 *   contactCount: how many contacts carry it. The contacts module moves it with `ADD contactCount :delta` in the
 *   same transaction as the membership items it writes (tag-records.repository.ts `tagContactCountUpdate`), together
 *   with memberChanges (+1 per such update: the contact-count backfill checks nothing moved while it counted).
 *   - get one by id.
 */
import type { TagSummary } from '@switchboard/shared/contracts/tags';
import { companyPk, padId } from '../../platform/table/keys.ts';

export type TagRecord = TagSummary & {
  companyId: number;
  /** kanban lanes: hours in the lane before moving to nextLaneId (0: never) */
  timeLane?: number;
  nextLaneId?: number | null;
  rollbackLaneId?: number | null;
  greetingMessageLane?: string;
  /** who created it */
  userId?: number | null;
  createdAt: string;
  updatedAt: string;
  /** contacts carrying the tag (absent on tags stored before it was kept, until the backfill counts them) */
  contactCount?: number;
};
export type TagItem = TagRecord & {
  pk: string;
  sk: string;
  type: 'tag';
  /** bumped by every contactCount update */
  memberChanges?: number;
  /** true once contactCount is exact: set at creation, or by the backfill for older tags */
  contactsCounted?: boolean;
};

export const TAG_SK_PREFIX = 'TAG#';
export const tagKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `${TAG_SK_PREFIX}${padId(id)}` });
