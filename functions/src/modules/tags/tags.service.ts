/**
 * Tags: labels a company puts on contacts (and kanban lanes when kanban is 1).
 * Spec document 1 sections 5, 7 and 9; document 2 "Tags and kanban lanes".
 */
import { randomBytes } from 'node:crypto';
import type { Contact, TagSummary } from '@switchboard/shared/contracts/inbox';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { logger } from '../../platform/logger.ts';
import { publish } from '../../platform/realtime/publisher.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { removeContactTag, setContactTags } from '../contacts/contacts.service.ts';
import type { TagRecord } from './tag.entity.ts';
import { getTag as getTagRecord, getTags, insertTag, listTags as listTagRecords, tagNameTaken } from './tags.repository.ts';

const toSummary = (r: TagRecord): TagSummary => ({ id: r.id, name: r.name, color: r.color, kanban: r.kanban });

/** A new tag's colour when none is given (spec: random on quick creation). */
export const randomColour = (): string => `#${randomBytes(3).toString('hex')}`;

/** The realtime channel of tags has no dash after "company", as in the reference. */
export const tagChannel = (companyId: number): string => `company${companyId}-tag`;

export const getTag = async (companyId: number, id: number): Promise<TagSummary | undefined> => {
  const record = await getTagRecord(companyId, id);
  return record ? toSummary(record) : undefined;
};

export const getTagsByIds = async (companyId: number, ids: number[]): Promise<Map<number, TagSummary>> => {
  const records = await getTags(companyId, ids);
  return new Map([...records].map(([id, r]) => [id, toSummary(r)]));
};

/** GET /tags/list: all the company's tags by name, optionally only kanban lanes (1) or only plain tags (0). */
export const listTags = async (auth: AuthContext, query: { kanban?: number }): Promise<TagSummary[]> => {
  const records = await listTagRecords(auth.companyId);
  return records
    .filter((r) => query.kanban === undefined || r.kanban === query.kanban)
    .map(toSummary)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
};

/** POST /tags: a name the company already has (in any letter case) answers ERR_DUPLICATED_TAG. */
export const createTag = async (auth: AuthContext, input: { name: string; color?: string; kanban: number }): Promise<TagSummary> => {
  if (await tagNameTaken(auth.companyId, input.name)) throw new AppError('ERR_DUPLICATED_TAG');
  const now = clock().now().toISOString();
  const record: TagRecord = {
    id: await nextId(companyPk(auth.companyId), 'tag'),
    companyId: auth.companyId,
    name: input.name,
    color: (input.color ?? randomColour()).toLowerCase(),
    kanban: input.kanban,
    createdAt: now,
    updatedAt: now,
  };
  if ((await insertTag(record)) === 'duplicate') throw new AppError('ERR_DUPLICATED_TAG');
  const tag = toSummary(record);
  try {
    await publish(auth.companyId, { event: tagChannel(auth.companyId), data: { action: 'create', tag } }, (c) => c.kind === 'agent');
  } catch (error) {
    logger.warn('tag event not published', { companyId: auth.companyId, error: error as Error });
  }
  return tag;
};

/** POST /tags/sync: the contact carries exactly these tags afterwards (unknown tags answer ERR_NOT_FOUND). */
export const syncContactTags = async (auth: AuthContext, input: { contactId: number; tags: { id: number }[] }): Promise<Contact> => {
  const ids = [...new Set(input.tags.map((t) => t.id))];
  const found = ids.length > 0 ? await getTagsByIds(auth.companyId, ids) : new Map<number, TagSummary>();
  if (found.size !== ids.length) throw new AppError('ERR_NOT_FOUND', 'Unknown tag');
  return setContactTags(auth, input.contactId, ids.map((id) => found.get(id)!));
};

/** DELETE /tags-contacts/{tagId}/{contactId}: takes the tag off the contact. */
export const removeTagFromContact = async (auth: AuthContext, tagId: number, contactId: number): Promise<{ ok: true }> => {
  if (!(await getTagRecord(auth.companyId, tagId))) throw new AppError('ERR_NOT_FOUND', 'Unknown tag');
  await removeContactTag(auth, contactId, tagId);
  return { ok: true };
};
