/**
 * Contact lists and their items (spec document 3, entities "Contact list" and "Contact list item").
 *
 * Items and access patterns (cid = company id, lid = list id, both padded):
 * - contact list: pk C#<cid>, sk CL#<lid>, type 'contactList': id, name, contactsCount, validCount, pendingCount
 *   (counters moved with ADD in the same transaction as every item write), lastImport, timestamps, rev.
 *   - get one by id.
 *   - the page's list and the lookup, in name order, searched by name prefix:
 *     gsi1pk C#<cid>#CL, gsi1sk <lowercased name>#<lid> (Query with begins_with).
 * - list item: pk C#<cid>#CL#<lid>, sk I#<iid>, type 'contactListItem': id, name, number (digits), email,
 *   isWhatsappValid, checkedAt, timestamps, rev.
 *   - a list's items in id order: one Query on the list's partition (begins_with I#); campaigns page them so.
 *   - searched by name prefix: gsi1pk C#<cid>#CL#<lid>#NAME, gsi1sk <lowercased name>#<iid>.
 *   - searched by number prefix: gsi2pk C#<cid>#CL#<lid>#NUM, gsi2sk <number>#<iid>.
 *   - still to be checked on WhatsApp (sparse, removed once checked): gsi3pk C#<cid>#CL#<lid>#PENDING, gsi3sk <iid>.
 * - item pointer: pk C#<cid>, sk CLI#<iid>, { contactListId }: GET/PUT/DELETE /contact-list-items/{id} name the
 *   item only; written and deleted with the item.
 * - number marker: pk C#<cid>#CL#<lid>, sk NUM#<number>, { itemId }: written with attribute_not_exists in the
 *   item's transaction, so a number is in a list once (an import updates the item that has it).
 * - import: pk C#<cid>#CL#<lid>, sk IMP#<ulid>: an uploaded spreadsheet's import, its file key, progress and
 *   summary (the list keeps a copy of the latest summary in lastImport).
 * Deleting a list deletes the list item at once and its partition (items, markers, imports) in a job, page by
 * page; the pointers go with their items.
 * - ids: counter items nextId(C#<cid>, 'contactList' | 'contactListItem').
 * - import files: blob store keys c<cid>/cl<lid>/<ulid>-<name>.
 */
import type { ContactListImport } from '@switchboard/shared/contracts/contact-lists';
import { companyPk, padId } from '../../platform/table/keys.ts';
import { companyMediaPrefix } from '../../platform/ports/media-keys.ts';

export interface ContactListRecord {
  id: number;
  companyId: number;
  name: string;
  contactsCount: number;
  validCount: number;
  pendingCount: number;
  lastImport: ContactListImport | null;
  createdAt: string;
  updatedAt: string;
  rev: number;
}

export interface ContactListItemRecord {
  id: number;
  companyId: number;
  contactListId: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean;
  checkedAt: string | null;
  /** the import that added or last updated it (a number repeated within one file is refused, not merged) */
  importId?: string;
  createdAt: string;
  updatedAt: string;
  rev: number;
}

export interface ImportRecord {
  id: string;
  companyId: number;
  contactListId: number;
  fileKey: string;
  /** the next data row (0-based, header excluded) to take in; a job run continues from here */
  nextRow: number;
  summary: ContactListImport;
}

export const nameKeyOf = (name: string): string => name.trim().toLowerCase();

export const contactListKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CL#${padId(id)}` });
export const contactListsByNamePk = (companyId: number): string => `${companyPk(companyId)}#CL`;

export const listPartition = (companyId: number, listId: number): string => `${companyPk(companyId)}#CL#${padId(listId)}`;
export const itemKey = (companyId: number, listId: number, id: number) => ({
  pk: listPartition(companyId, listId),
  sk: `I#${padId(id)}`,
});
export const itemPointerKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CLI#${padId(id)}` });
export const numberMarkerKey = (companyId: number, listId: number, number: string) => ({
  pk: listPartition(companyId, listId),
  sk: `NUM#${number}`,
});
export const importKey = (companyId: number, listId: number, id: string) => ({
  pk: listPartition(companyId, listId),
  sk: `IMP#${id}`,
});
export const itemsByNamePk = (companyId: number, listId: number): string => `${listPartition(companyId, listId)}#NAME`;
export const itemsByNumberPk = (companyId: number, listId: number): string => `${listPartition(companyId, listId)}#NUM`;
export const pendingItemsPk = (companyId: number, listId: number): string => `${listPartition(companyId, listId)}#PENDING`;

export const toContactListItem = (r: ContactListRecord) => ({
  ...contactListKey(r.companyId, r.id),
  type: 'contactList' as const,
  gsi1pk: contactListsByNamePk(r.companyId),
  gsi1sk: `${nameKeyOf(r.name)}#${padId(r.id)}`,
  ...r,
});

export const toItemItem = (r: ContactListItemRecord) => ({
  ...itemKey(r.companyId, r.contactListId, r.id),
  type: 'contactListItem' as const,
  gsi1pk: itemsByNamePk(r.companyId, r.contactListId),
  gsi1sk: `${nameKeyOf(r.name)}#${padId(r.id)}`,
  gsi2pk: itemsByNumberPk(r.companyId, r.contactListId),
  gsi2sk: `${r.number}#${padId(r.id)}`,
  ...(r.checkedAt === null ? { gsi3pk: pendingItemsPk(r.companyId, r.contactListId), gsi3sk: padId(r.id) } : {}),
  ...r,
});

export const itemPointerItem = (r: Pick<ContactListItemRecord, 'companyId' | 'contactListId' | 'id'>) => ({
  ...itemPointerKey(r.companyId, r.id),
  type: 'contactListItemPointer' as const,
  companyId: r.companyId,
  contactListId: r.contactListId,
});

export const numberMarkerItem = (r: Pick<ContactListItemRecord, 'companyId' | 'contactListId' | 'id' | 'number'>) => ({
  ...numberMarkerKey(r.companyId, r.contactListId, r.number),
  type: 'contactListNumber' as const,
  companyId: r.companyId,
  itemId: r.id,
});

export const toImportItem = (r: ImportRecord) => ({
  ...importKey(r.companyId, r.contactListId, r.id),
  type: 'contactListImport' as const,
  ...r,
});

export const importFilePrefix = (companyId: number, listId: number): string => `${companyMediaPrefix(companyId)}cl${listId}/`;

/** How an item's state moves the list's counters. */
export const countersOf = (r: Pick<ContactListItemRecord, 'isWhatsappValid' | 'checkedAt'> | undefined) => ({
  contactsCount: r ? 1 : 0,
  validCount: r?.isWhatsappValid ? 1 : 0,
  pendingCount: r && r.checkedAt === null ? 1 : 0,
});
