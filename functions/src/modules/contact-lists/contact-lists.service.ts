/**
 * Contact lists and their items: the recipients of campaigns (spec document 3 "Contact lists", "Contact list
 * items", sections 3 to 7). A list counts its items, the ones whose number is on WhatsApp and the ones still being
 * checked; a number is in a list once. Importing a spreadsheet is contact-list-import.service.ts, the WhatsApp
 * checks contact-list-checks.service.ts.
 */
import {
  CONTACT_LIST_ITEM_PAGE_SIZE,
  CONTACT_LIST_PAGE_SIZE,
  CONTACT_LIST_PICKER_LIMIT,
  type ContactList,
  type ContactListBody,
  type ContactListItem,
  type CreateContactListItemBody,
  type UpdateContactListItemBody,
} from '@switchboard/shared/contracts/contact-lists';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { decodeCursor, encodeCursor, isKeyRecord } from '../../platform/table/cursor.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { ContactListItemRecord, ContactListRecord } from './contact-list.entity.ts';
import {
  deleteContactListRecord,
  deleteItem,
  getContactList,
  getItem,
  insertContactList,
  insertItem,
  listIdOfItem,
  pageItems,
  queryContactLists,
  queryItems,
  renameContactList,
  replaceItem,
} from './contact-lists.repository.ts';

const now = () => clock().now().toISOString();

export const presentContactList = (r: ContactListRecord): ContactList => ({
  id: r.id,
  name: r.name,
  contactsCount: Math.max(0, r.contactsCount ?? 0),
  validCount: Math.max(0, r.validCount ?? 0),
  pendingCount: Math.max(0, r.pendingCount ?? 0),
  lastImport: r.lastImport ?? null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export const presentItem = (r: ContactListItemRecord): ContactListItem => ({
  id: r.id,
  name: r.name,
  number: r.number,
  email: r.email,
  isWhatsappValid: r.isWhatsappValid,
  checkedAt: r.checkedAt,
  companyId: r.companyId,
  contactListId: r.contactListId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Tells the company's admins (the only ones with the page) so their screens stay in sync. */
/** The list's counters moved: its row on the lists page follows. */
export const announceListCounts = async (companyId: number, listId: number): Promise<void> => {
  const list = await getContactList(companyId, listId);
  if (list) await domainEvents.emit({ name: 'contactList.updated', companyId, contactList: presentContactList(list) });
};

const requireList = async (companyId: number, id: number): Promise<ContactListRecord> => {
  const record = await getContactList(companyId, id);
  if (!record) throw new AppError('ERR_NOT_FOUND');
  return record;
};

/** A list of the company, or undefined (another company's list is not found). For the import and check jobs. */
export const findContactList = (companyId: number, id: number): Promise<ContactListRecord | undefined> =>
  getContactList(companyId, id);

// ----- for campaigns -----

const isItemCursor = (v: unknown): v is { pk: string; sk: string } =>
  isKeyRecord(v) && typeof v.pk === 'string' && typeof v.sk === 'string';

/**
 * Pages the items of a company's contact list in id order, for the campaigns module: each call is one Query on the
 * list's partition (consistent read), `limit` items at most (1..100, default 100), from the opaque `cursor` a
 * previous call answered; `nextCursor` is null after the last page. Items carry `isWhatsappValid` (campaigns send
 * to the valid ones only, server reference 6.2) and `checkedAt` (null while the number is still being checked).
 * A list of another company, or one that does not exist, answers no items (never another tenant's).
 */
export const pageContactListItems = async (
  companyId: number,
  contactListId: number,
  cursor?: string,
  limit = 100,
): Promise<{ items: ContactListItem[]; nextCursor: string | null }> => {
  const scope = { list: 'contact-lists.items', companyId, filters: { contactListId } };
  const start = await decodeCursor(cursor, scope, isItemCursor);
  const page = await pageItems(companyId, contactListId, start, Math.min(100, Math.max(1, Math.floor(limit))));
  return { items: page.items.map(presentItem), nextCursor: page.next ? await encodeCursor(page.next, scope) : null };
};

/**
 * How many items of a company's contact list have a number on WhatsApp (the campaign report's "valid contacts"),
 * read from the list's counter (one GetItem); 0 for an unknown list or another company's.
 */
export const countValidContactListItems = async (companyId: number, contactListId: number): Promise<number> =>
  Math.max(0, (await getContactList(companyId, contactListId))?.validCount ?? 0);

/** A company's contact list as the API shows it (name, counts), or undefined; for the campaigns module. */
export const findContactListSummary = async (companyId: number, contactListId: number): Promise<ContactList | undefined> => {
  const record = await getContactList(companyId, contactListId);
  return record && presentContactList(record);
};

// ----- lists -----

/** GET /contact-lists: the company's lists in name order, searched by name prefix, by page number. */
export const listContactLists = async (auth: AuthContext, query: { searchParam?: string; pageNumber: number }) => {
  const page = await queryContactLists(auth.companyId, {
    prefix: query.searchParam,
    skip: (query.pageNumber - 1) * CONTACT_LIST_PAGE_SIZE,
    take: CONTACT_LIST_PAGE_SIZE,
  });
  return { records: page.records.map(presentContactList), hasMore: page.hasMore };
};

/** GET /contact-lists/list: the lookup of the campaign dialog, in name order. */
export const pickerContactLists = async (auth: AuthContext): Promise<ContactList[]> =>
  (await queryContactLists(auth.companyId, { skip: 0, take: CONTACT_LIST_PICKER_LIMIT })).records.map(presentContactList);

export const showContactList = async (auth: AuthContext, id: number): Promise<ContactList> =>
  presentContactList(await requireList(auth.companyId, id));

export const createContactList = async (auth: AuthContext, body: ContactListBody): Promise<ContactList> => {
  const at = now();
  const record: ContactListRecord = {
    id: await nextId(companyPk(auth.companyId), 'contactList'),
    companyId: auth.companyId,
    name: body.name,
    contactsCount: 0,
    validCount: 0,
    pendingCount: 0,
    lastImport: null,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  await insertContactList(record);
  const out = presentContactList(record);
  await domainEvents.emit({ name: 'contactList.created', companyId: auth.companyId, contactList: out });
  return out;
};

export const updateContactList = async (auth: AuthContext, id: number, body: ContactListBody): Promise<ContactList> => {
  await requireList(auth.companyId, id);
  const after = await renameContactList(auth.companyId, id, body.name, now());
  if (!after) throw new AppError('ERR_NOT_FOUND');
  const out = presentContactList(after);
  await domainEvents.emit({ name: 'contactList.updated', companyId: auth.companyId, contactList: out });
  return out;
};

/**
 * DELETE /contact-lists/{id}: the list is gone at once (404 from then on); its items, number markers and imports
 * are deleted by the `contactLists.purge` job page by page, so a list of any size answers quickly.
 */
export const deleteContactList = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  await requireList(auth.companyId, id);
  if (!(await deleteContactListRecord(auth.companyId, id))) throw new AppError('ERR_NOT_FOUND');
  await enqueueJob({ type: 'contactLists.purge', companyId: auth.companyId, contactListId: id });
  await domainEvents.emit({ name: 'contactList.deleted', companyId: auth.companyId, contactListId: id });
  return { ok: true };
};

// ----- items -----

const requireItem = async (companyId: number, id: number): Promise<ContactListItemRecord> => {
  const listId = await listIdOfItem(companyId, id);
  const record = listId === undefined ? undefined : await getItem(companyId, listId, id);
  if (!record) throw new AppError('ERR_NOT_FOUND');
  return record;
};

const duplicateNumber = () =>
  new AppError('ERR_DUPLICATED_CONTACT', 'The list already has this number', {
    fields: [{ path: 'body.number', message: 'ERR_DUPLICATED_CONTACT' }],
  });

/** The numbers waiting for a check are looked up by the `contactLists.check` job. */
export const requestNumberChecks = (companyId: number, contactListId: number): Promise<unknown> =>
  enqueueJob({ type: 'contactLists.check', companyId, contactListId, attempt: 0 });

/** GET /contact-list-items: a list's items (searched by name or number prefix), by page number. */
export const listContactListItems = async (
  auth: AuthContext,
  query: { contactListId: number; searchParam?: string; pageNumber: number },
): Promise<{ contacts: ContactListItem[]; hasMore: boolean }> => {
  await requireList(auth.companyId, query.contactListId);
  const page = await queryItems(auth.companyId, query.contactListId, {
    search: query.searchParam,
    skip: (query.pageNumber - 1) * CONTACT_LIST_ITEM_PAGE_SIZE,
    take: CONTACT_LIST_ITEM_PAGE_SIZE,
  });
  return { contacts: page.records.map(presentItem), hasMore: page.hasMore };
};

export const showContactListItem = async (auth: AuthContext, id: number): Promise<ContactListItem> =>
  presentItem(await requireItem(auth.companyId, id));

/**
 * Adds an item to a list of the company (the body's companyId is ignored). A number the list has answers
 * ERR_DUPLICATED_CONTACT (409) and writes nothing. The number is checked on WhatsApp in the background.
 */
export const createContactListItem = async (auth: AuthContext, body: CreateContactListItemBody): Promise<ContactListItem> => {
  await requireList(auth.companyId, body.contactListId);
  const at = now();
  const record: ContactListItemRecord = {
    id: await nextId(companyPk(auth.companyId), 'contactListItem'),
    companyId: auth.companyId,
    contactListId: body.contactListId,
    name: body.name,
    number: body.number,
    email: body.email,
    isWhatsappValid: false,
    checkedAt: null,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  const result = await insertItem(record);
  if (result === 'duplicate') throw duplicateNumber();
  if (result === 'no-list') throw new AppError('ERR_NOT_FOUND');
  const out = presentItem(record);
  await domainEvents.emit({ name: 'contactListItem.created', companyId: auth.companyId, item: out });
  await announceListCounts(auth.companyId, record.contactListId);
  await requestNumberChecks(auth.companyId, record.contactListId);
  return out;
};

/** Writes an item's new fields; a new number is checked again. Shared by the API and the import. */
/** How often a save that met a background write (the WhatsApp check of the number) reads the item again and retries. */
const SAVE_ATTEMPTS = 4;

const changedMeanwhile = () => new AppError('ERR_VALIDATION', 'The contact changed meanwhile; reload and try again');

/**
 * Writes the fields over the item read as `before`. With `reread`, a write that met another one (the list's
 * background number check marks items as it goes) is made again on the item as it now is, so a person's edit does
 * not fail because of it.
 */
export const saveItem = async (
  before: ContactListItemRecord,
  fields: Pick<ContactListItemRecord, 'name' | 'number' | 'email'> & { importId?: string },
  reread?: () => Promise<ContactListItemRecord>,
): Promise<ContactListItemRecord> => {
  for (let attempt = 1, current = before; ; attempt++) {
    const renumbered = fields.number !== current.number;
    const after: ContactListItemRecord = {
      ...current,
      ...fields,
      ...(renumbered ? { isWhatsappValid: false, checkedAt: null } : {}),
      updatedAt: now(),
      rev: current.rev + 1,
    };
    const result = await replaceItem(current, after);
    if (result === 'ok') return after;
    if (result === 'duplicate') throw duplicateNumber();
    if (!reread || attempt >= SAVE_ATTEMPTS) throw changedMeanwhile();
    current = await reread();
  }
};

export const updateContactListItem = async (
  auth: AuthContext,
  id: number,
  body: UpdateContactListItemBody,
): Promise<ContactListItem> => {
  const before = await requireItem(auth.companyId, id);
  const after = await saveItem(before, { name: body.name, number: body.number, email: body.email }, () =>
    requireItem(auth.companyId, id),
  );
  const out = presentItem(after);
  await domainEvents.emit({ name: 'contactListItem.updated', companyId: auth.companyId, item: out });
  if (after.number !== before.number) {
    await announceListCounts(auth.companyId, after.contactListId);
    await requestNumberChecks(auth.companyId, after.contactListId);
  }
  return out;
};

export const deleteContactListItem = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  let record = await requireItem(auth.companyId, id);
  // a background number check may write the item meanwhile: the deletion is made on the item as it now is
  for (let attempt = 1; (await deleteItem(record)) === 'stale'; attempt++) {
    if (attempt >= SAVE_ATTEMPTS) throw changedMeanwhile();
    record = await requireItem(auth.companyId, id);
  }
  await domainEvents.emit({
    name: 'contactListItem.deleted',
    companyId: auth.companyId,
    itemId: id,
    contactListId: record.contactListId,
  });
  await announceListCounts(auth.companyId, record.contactListId);
  return { ok: true };
};
