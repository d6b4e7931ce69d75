/**
 * Tags of a company (labels on contacts and tickets; kanban lanes when kanban is 1).
 *
 * Items and access patterns (cid = company id):
 * - tag: the item, its key and its contactCount are the tag-records module's (tag-records/tag.entity.ts). Tag writes
 *   here never put the whole item back, so a save cannot overwrite a count that moved since the tag was read.
 *   - BatchGet many by id.
 *   - all tags of the company: Query pk C#<cid>, begins_with(sk, 'TAG#'), paged internally (a company has few).
 * - name marker: pk C#<cid>, sk TAGNAME#<lowercased name>, { tagId }: written with the tag in one transaction
 *   with attribute_not_exists, so a name exists once per company (case-insensitive).
 * - ids: counter item from nextId(C#<cid>, 'tag').
 * The contacts of a tag (memberships) belong to the contacts module, which writes them in the same
 * transaction as the contact's denormalised tags.
 * Kanban lanes (kanban 1) also keep, per ticket, the lane it stands in and, per lane, how many tickets stand in it:
 * - lane position: pk C#<cid>#KT#<padTicketId>, sk LANE, type 'lanePosition': { ticketId, tagId, enteredAt }; written
 *   when a ticket enters a lane (the lane automation's timer starts then) and deleted when it leaves every lane.
 * - lane counter: pk C#<cid>#KCOUNT, sk L#<padTagId>, { count } updated with ADD in the position's transaction.
 */
import { companyPk, padId } from '../../platform/table/keys.ts';

export interface TagNameMarkerItem {
  pk: string;
  sk: string;
  type: 'tagName';
  companyId: number;
  tagId: number;
}

export const tagNameOf = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();
export const tagNameMarkerKey = (companyId: number, name: string) => ({
  pk: companyPk(companyId),
  sk: `TAGNAME#${tagNameOf(name)}`,
});

export const lanePositionKey = (companyId: number, ticketId: number) => ({
  pk: `${companyPk(companyId)}#KT#${padId(ticketId)}`,
  sk: 'LANE',
});
export const laneCounterKey = (companyId: number, tagId: number) => ({
  pk: `${companyPk(companyId)}#KCOUNT`,
  sk: `L#${padId(tagId)}`,
});

export interface LanePositionItem {
  pk: string;
  sk: string;
  type: 'lanePosition';
  companyId: number;
  ticketId: number;
  tagId: number;
  enteredAt: string;
}
