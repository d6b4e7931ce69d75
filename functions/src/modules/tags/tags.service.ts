/**
 * Tags: labels a company puts on contacts and tickets, kanban lanes when kanban is 1.
 * Spec document 1 sections 5, 7 and 9; document 2 "Tags and kanban lanes", sections 5, 7 and 9.
 * A tag's copies on contacts and tickets follow its changes (and go when it is deleted) through the
 * `tags.propagate` job (tag-jobs.service.ts), never inside the request.
 */
import { randomBytes } from 'node:crypto';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import {
  type KanbanLane,
  type Tag,
  TAG_API_PAGE_SIZE,
  type TagBody,
  type TagListItem,
  type TagSummary,
} from '@switchboard/shared/contracts/tags';
import { channels } from '@switchboard/shared/events';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { actorOf } from '../../platform/events/actor.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { presentContact } from '../contacts/contact-privacy.service.ts';
import { findContactsPage } from '../contacts/contact-search.service.ts';
import { removeContactTag, setContactTags } from '../contacts/contact-tags.service.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import { tagNameOf } from './tag.entity.ts';
import { getTagRecord, toSummary, type TagRecord } from '../tag-records/tag-records.service.ts';
import {
  deleteTagItems,
  getLaneCounts,
  getTags,
  insertTag,
  listTags as listTagRecords,
  replaceTag,
  tagNameTaken,
} from './tags.repository.ts';

export const toTag = (r: TagRecord): Tag => ({
  ...toSummary(r),
  timeLane: r.timeLane ?? 0,
  nextLaneId: r.nextLaneId ?? null,
  rollbackLaneId: r.rollbackLaneId ?? null,
  greetingMessageLane: r.greetingMessageLane ?? '',
  userId: r.userId ?? null,
});

/** A new tag's colour when none is given (spec: random on quick creation). */
export const randomColour = (): string => `#${randomBytes(3).toString('hex')}`;

/** The realtime channel of tags has no dash after "company", as in the reference. */
export const tagChannel = (companyId: number): string => channels.tag(companyId);

const notFound = () => new AppError('ERR_NOT_FOUND', 'Unknown tag');

const invalid = (path: string, message: string) =>
  new AppError('ERR_VALIDATION', message, { fields: [{ path: `body.${path}`, message }] });

/** The whole tag, lane fields included (the lane automation reads them). */
export const getTagDetails = async (companyId: number, id: number): Promise<Tag | undefined> => {
  const record = await getTagRecord(companyId, id);
  return record ? toTag(record) : undefined;
};

export const getTagsByIds = async (companyId: number, ids: number[]): Promise<Map<number, TagSummary>> => {
  const records = await getTags(companyId, ids);
  return new Map([...records].map(([id, r]) => [id, toSummary(r)]));
};

const byName = (a: TagRecord, b: TagRecord) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * GET /tags/list: all the company's tags by name with how many contacts carry each, optionally only kanban lanes (1)
 * or only plain tags (0). The count is read from the tag item itself (kept by the contacts' transactions), so the
 * list costs the same Query pages at any number of contacts.
 */
export const listTags = async (auth: AuthContext, query: { kanban?: number }): Promise<TagListItem[]> => {
  const records = await listTagRecords(auth.companyId);
  return records
    .filter((r) => query.kanban === undefined || r.kanban === query.kanban)
    .sort(byName)
    .map((r) => ({ ...toSummary(r), contactCount: Math.max(0, r.contactCount ?? 0) }));
};

/**
 * GET /tags: a page of the company's tags by name, searched by any part of the name (case-insensitive). Tags are a
 * company's configuration, tens not millions (the entity reads them all with a few Query pages), and a substring
 * search in name order is no key condition; so the page is cut from that read rather than from an index.
 */
export const listTagPage = async (auth: AuthContext, query: { searchParam?: string; pageNumber: number; kanban?: number }) => {
  const text = query.searchParam ? tagNameOf(query.searchParam) : '';
  const matching = (await listTagRecords(auth.companyId))
    .filter((r) => query.kanban === undefined || r.kanban === query.kanban)
    .filter((r) => !text || tagNameOf(r.name).includes(text))
    .sort(byName);
  const start = (query.pageNumber - 1) * TAG_API_PAGE_SIZE;
  return {
    tags: matching.slice(start, start + TAG_API_PAGE_SIZE).map(toTag),
    hasMore: matching.length > start + TAG_API_PAGE_SIZE,
  };
};

/** GET /tag/kanban: the lanes by name with the number of tickets standing in each. */
export const listKanbanLanes = async (auth: AuthContext): Promise<{ lista: KanbanLane[] }> => {
  const lanes = (await listTagRecords(auth.companyId)).filter((r) => r.kanban === 1).sort(byName);
  const counts = await getLaneCounts(
    auth.companyId,
    lanes.map((l) => l.id),
  );
  return { lista: lanes.map((l) => ({ ...toTag(l), ticketCount: counts.get(l.id) ?? 0 })) };
};

export const showTag = async (auth: AuthContext, id: number): Promise<Tag> => {
  const record = await getTagRecord(auth.companyId, id);
  if (!record) throw notFound();
  return toTag(record);
};

/** The lanes a lane leads to must be kanban lanes of the company, and never the lane itself. */
const checkLanes = async (companyId: number, body: TagBody, selfId?: number): Promise<void> => {
  for (const field of ['nextLaneId', 'rollbackLaneId'] as const) {
    const target = body[field];
    if (target === null) continue;
    if (target === selfId) throw invalid(field, 'A lane cannot lead to itself');
    const lane = await getTagRecord(companyId, target);
    if (!lane || lane.kanban !== 1) throw invalid(field, 'Unknown kanban lane');
  }
};

const laneFieldsOf = (body: TagBody) => ({
  timeLane: body.kanban === 1 ? body.timeLane : 0,
  nextLaneId: body.kanban === 1 ? body.nextLaneId : null,
  rollbackLaneId: body.kanban === 1 ? body.rollbackLaneId : null,
  greetingMessageLane: body.kanban === 1 ? body.greetingMessageLane.trim() : '',
});

/** POST /tags: a name the company already has (in any letter case) answers ERR_DUPLICATED_TAG. */
export const createTag = async (auth: AuthContext, body: TagBody): Promise<Tag> => {
  if (await tagNameTaken(auth.companyId, body.name)) throw new AppError('ERR_DUPLICATED_TAG');
  await checkLanes(auth.companyId, body);
  const now = clock().now().toISOString();
  const record: TagRecord = {
    id: await nextId(companyPk(auth.companyId), 'tag'),
    companyId: auth.companyId,
    name: body.name,
    color: (body.color ?? randomColour()).toLowerCase(),
    kanban: body.kanban,
    ...laneFieldsOf(body),
    userId: auth.userId,
    createdAt: now,
    updatedAt: now,
  };
  if ((await insertTag(record)) === 'duplicate') throw new AppError('ERR_DUPLICATED_TAG');
  const tag = toTag(record);
  await domainEvents.emit({ name: 'tag.created', companyId: auth.companyId, tag, actor: actorOf(auth) });
  return tag;
};

/**
 * PUT /tags/{id}. Turning a plain tag into a kanban lane is for admins (server reference 9.2). When what contacts
 * and tickets show of it (name, colour, lane flag) changes, their copies follow through a job.
 */
export const updateTag = async (auth: AuthContext, id: number, body: TagBody): Promise<Tag> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await getTagRecord(auth.companyId, id);
    if (!before) throw notFound();
    if (before.kanban !== 1 && body.kanban === 1 && auth.profile !== 'admin')
      throw new AppError('ERR_NO_PERMISSION', 'Only admins turn a tag into a kanban lane');
    await checkLanes(auth.companyId, body, id);
    const after: TagRecord = {
      ...before,
      name: body.name,
      color: (body.color ?? before.color).toLowerCase(),
      kanban: body.kanban,
      ...laneFieldsOf(body),
      updatedAt: clock().now().toISOString(),
    };
    // updatedAt is the write condition: two saves within one millisecond must still differ
    if (after.updatedAt <= before.updatedAt) after.updatedAt = new Date(Date.parse(before.updatedAt) + 1).toISOString();
    const result = await replaceTag(before, after);
    if (result === 'duplicate') throw new AppError('ERR_DUPLICATED_TAG');
    if (result === 'stale') continue;
    if (JSON.stringify(toSummary(before)) !== JSON.stringify(toSummary(after))) {
      await enqueueJob({ type: 'tags.propagate', companyId: auth.companyId, tagId: id, phase: 'contacts' });
    }
    const tag = toTag(after);
    await domainEvents.emit({ name: 'tag.updated', companyId: auth.companyId, tag, actor: actorOf(auth) });
    return tag;
  }
  throw new Error(`tag ${id} kept changing while being written`);
};

/** DELETE /tags/{id}: the tag goes at once; a job then takes it off every contact and ticket that carries it. */
export const deleteTag = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await getTagRecord(auth.companyId, id);
    if (!record) throw notFound();
    if ((await deleteTagItems(record)) === 'stale') continue;
    await enqueueJob({ type: 'tags.propagate', companyId: auth.companyId, tagId: id, phase: 'contacts' });
    await domainEvents.emit({ name: 'tag.deleted', companyId: auth.companyId, tagId: id, actor: actorOf(auth) });
    return { ok: true };
  }
  throw new Error(`tag ${id} kept changing while being deleted`);
};

/** GET /tags/{id}/contacts: the contacts carrying the tag, a page at a time (numbers masked as the viewer sees them). */
export const listTagContacts = async (auth: AuthContext, id: number, query: { cursor?: string; limit: number }) => {
  if (!(await getTagRecord(auth.companyId, id))) throw notFound();
  const page = await findContactsPage(auth.companyId, { contactTag: [id], cursor: query.cursor, rowsPerPage: query.limit });
  return { contacts: page.contacts.map((c) => presentContact(auth, c)), hasMore: page.hasMore, nextCursor: page.nextCursor };
};

/** POST /tags/sync: the contact carries exactly these tags afterwards (unknown tags answer ERR_NOT_FOUND). */
export const syncContactTags = async (
  auth: AuthContext,
  input: { contactId: number; tags: { id: number }[] },
): Promise<Contact> => {
  const ids = [...new Set(input.tags.map((t) => t.id))];
  const found = ids.length > 0 ? await getTagsByIds(auth.companyId, ids) : new Map<number, TagSummary>();
  if (found.size !== ids.length) throw new AppError('ERR_NOT_FOUND', 'Unknown tag');
  return setContactTags(
    auth,
    input.contactId,
    ids.map((id) => found.get(id)!),
  );
};

/** DELETE /tags-contacts/{tagId}/{contactId}: takes the tag off the contact. */
export const removeTagFromContact = async (auth: AuthContext, tagId: number, contactId: number): Promise<{ ok: true }> => {
  if (!(await getTagRecord(auth.companyId, tagId))) throw notFound();
  await removeContactTag(auth, contactId, tagId);
  return { ok: true };
};
