import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { settingKey, type SettingItem } from './setting.entity.ts';

export const getSetting = async (companyId: number, key: string): Promise<string | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: settingKey(companyId, key) }));
  return (out.Item as SettingItem | undefined)?.value;
};

export const putSetting = async (companyId: number, key: string, value: string, at: string): Promise<void> => {
  const item: SettingItem = { ...settingKey(companyId, key), type: 'setting', companyId, key, value, updatedAt: at };
  await table().send(new PutCommand({ TableName: tableName(), Item: item }));
};

/** Writes the value only when the setting does not exist yet (seeding keeps what an admin changed). */
export const putSettingIfMissing = async (companyId: number, key: string, value: string, at: string): Promise<void> => {
  const item: SettingItem = { ...settingKey(companyId, key), type: 'setting', companyId, key, value, updatedAt: at };
  try {
    await table().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
};
