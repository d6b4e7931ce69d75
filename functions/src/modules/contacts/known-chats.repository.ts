/**
 * The chats a WhatsApp session has seen (its history sync and new chats), as the people behind them: what POST
 * /contacts/import/chats takes in as contacts. Baileys keeps no store of its own, so the connector writes them here
 * as they arrive.
 * Item: pk C#<cid>#WACHATS#<connectionId>, sk <identity: phone digits>, { name }. Written by BatchWrite (a put of a
 * known chat rewrites the same item); read a page at a time by Query on the partition.
 */
import { BatchWriteCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { queryKeyPage } from '../../platform/table/paging.ts';
import { companyPk } from '../../platform/table/keys.ts';

export interface KnownChat {
  /** the person's phone digits */
  identity: string;
  name?: string;
}

const knownChatsPk = (companyId: number, connectionId: number) => `${companyPk(companyId)}#WACHATS#${connectionId}`;

const BATCH_WRITE_MAX = 25;

export const putKnownChats = async (companyId: number, connectionId: number, chats: readonly KnownChat[]): Promise<void> => {
  const pk = knownChatsPk(companyId, connectionId);
  for (let i = 0; i < chats.length; i += BATCH_WRITE_MAX) {
    let pending = chats.slice(i, i + BATCH_WRITE_MAX).map((c) => ({
      PutRequest: {
        Item: { pk, sk: c.identity, type: 'knownChat', companyId, connectionId, ...(c.name ? { name: c.name } : {}) },
      },
    }));
    while (pending.length > 0) {
      const out = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
};

/** One page of a session's known chats, in identity order; `next` continues it. */
export const queryKnownChats = async (
  companyId: number,
  connectionId: number,
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ chats: KnownChat[]; next?: Record<string, unknown> }> => {
  const out = await queryKeyPage<Record<string, NativeAttributeValue>>(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': knownChatsPk(companyId, connectionId) },
    },
    { start, limit },
  );
  const chats = out.items.map((i) => ({ identity: String(i.sk), ...(i.name ? { name: String(i.name) } : {}) }));
  return { chats, next: out.next };
};
