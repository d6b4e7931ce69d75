/**
 * WhatsApp LID <-> phone number pairs of a company's contacts, learnt from messages that carry both and from the
 * session's mapping events, so a message addressed by LID alone still finds the person's phone identity.
 * Item: pk C#<cid>#LID#<lid digits>, sk LID, { pn: phone digits }. Read by key only.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';

const lidPairKey = (companyId: number, lid: string) => ({ pk: `C#${companyId}#LID#${lid}`, sk: 'LID' });

export const getLidPair = async (companyId: number, lid: string): Promise<string | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: lidPairKey(companyId, lid) }));
  return (out.Item as { pn?: string } | undefined)?.pn;
};

export const putLidPair = async (companyId: number, lid: string, pn: string): Promise<void> => {
  await table().send(
    new PutCommand({ TableName: tableName(), Item: { ...lidPairKey(companyId, lid), type: 'lidPair', companyId, pn } }),
  );
};
