import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { deleteExisting, putExpecting } from '../../platform/table/guarded-writes.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import { ANNOUNCEMENT_PK, announcementKey, type AnnouncementItem, type AnnouncementRecord } from './announcement.entity.ts';
import { strip } from '../../platform/table/strip.ts';

export const listAnnouncementRecords = async (): Promise<AnnouncementRecord[]> =>
  (await queryWholePartition<AnnouncementItem>(ANNOUNCEMENT_PK, 'ANN#')).map(strip);

export const getAnnouncementRecord = async (id: number): Promise<AnnouncementRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: announcementKey(id) }));
  return out.Item ? strip(out.Item as AnnouncementItem) : undefined;
};

export const nextAnnouncementId = (): Promise<number> => nextId('COUNTER', 'announcement');

/** Writes the announcement; `mustExist` makes it an update that fails (false) when it is gone. */
export const putAnnouncement = (record: AnnouncementRecord, mustExist: boolean): Promise<boolean> =>
  putExpecting({ ...announcementKey(record.id), type: 'announcement', ...record } satisfies AnnouncementItem, mustExist);

export const deleteAnnouncementItem = (id: number): Promise<boolean> => deleteExisting(announcementKey(id));
