/** A tag as the modules name it: a ticket's or a campaign's tag, the tags module's admin and lanes. */
import type { TagSummary } from '@switchboard/shared/contracts/tags';
import type { TagRecord } from './tag.entity.ts';
import { getTag as readTag } from './tag-records.repository.ts';

// the record's type is part of what the reads answer
export type { TagRecord } from './tag.entity.ts';

export const toSummary = (r: TagRecord): TagSummary => ({ id: r.id, name: r.name, color: r.color, kanban: r.kanban });

/** The tag as stored, lane fields included. */
export const getTagRecord = (companyId: number, id: number): Promise<TagRecord | undefined> => readTag(companyId, id);

export const getTag = async (companyId: number, id: number): Promise<TagSummary | undefined> => {
  const record = await readTag(companyId, id);
  return record ? toSummary(record) : undefined;
};
