import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import { ANNOUNCEMENT_PK, announcementKey, type AnnouncementItem, type AnnouncementRecord } from './announcement.entity.ts';

const strip = ({ pk: _pk, sk: _sk, type: _t, ...record }: AnnouncementItem): AnnouncementRecord => record;

export const listAnnouncementRecords = async (): Promise<AnnouncementRecord[]> =>
  (await queryWholePartition<AnnouncementItem>(ANNOUNCEMENT_PK, 'ANN#')).map(strip);

export const getAnnouncementRecord = async (id: number): Promise<AnnouncementRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: announcementKey(id) }));
  return out.Item ? strip(out.Item as AnnouncementItem) : undefined;
};

export const nextAnnouncementId = (): Promise<number> => nextId('COUNTER', 'announcement');

/** Writes the announcement; `mustExist` makes it an update that fails (false) when it is gone. */
export const putAnnouncement = async (record: AnnouncementRecord, mustExist: boolean): Promise<boolean> => {
  const item: AnnouncementItem = { ...announcementKey(record.id), type: 'announcement', ...record };
  try {
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: mustExist ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

export const deleteAnnouncementItem = async (id: number): Promise<boolean> => {
  try {
    await table().send(
      new DeleteCommand({ TableName: tableName(), Key: announcementKey(id), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};
