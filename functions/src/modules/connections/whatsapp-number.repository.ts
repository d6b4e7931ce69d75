/** All table access of WhatsApp number answers (whatsapp-number.entity.ts). */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { numberAnswerKey, type NumberAnswer, type NumberAnswerItem } from './whatsapp-number.entity.ts';
import { strip } from '../../platform/table/strip.ts';

/** The stored answer for a number on a connection, expired or not (consistent: a waiter sees an answer once written). */
export const getNumberAnswer = async (
  companyId: number,
  connectionId: number,
  number: string,
): Promise<NumberAnswer | undefined> => {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: numberAnswerKey(companyId, connectionId, number), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  return strip(out.Item as NumberAnswerItem);
};

/** Writes (or replaces) a number's answer: the latest answer is the one that counts. */
export const putNumberAnswer = async (answer: NumberAnswer): Promise<void> => {
  const item: NumberAnswerItem = {
    ...numberAnswerKey(answer.companyId, answer.connectionId, answer.number),
    type: 'waNumberAnswer',
    ...answer,
  };
  await table().send(new PutCommand({ TableName: tableName(), Item: item }));
};
