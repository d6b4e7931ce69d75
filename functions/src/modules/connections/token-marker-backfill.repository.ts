/**
 * A one-off write of the token markers (connection.entity.ts, `WEBCHAT#<token>`) of connections stored when only
 * web chats had one: since the external messages API, every connection's token is found through its marker.
 * It lives apart from the repository because it Scans the table: no request path needs that. Once done, a marker
 * item keeps later runs from scanning again.
 */
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { webchatTokenKey, type ConnectionRecord, type WebchatTokenItem } from './connection.entity.ts';

const TOKEN_MARKERS_DONE = { pk: 'MIGRATION', sk: 'connection-token-markers' };

/** Answers how many markers it wrote (none on every later run). A marker written meanwhile is kept as it is. */
export const backfillTokenMarkers = async (): Promise<number> => {
  const done = await table().send(new GetCommand({ TableName: tableName(), Key: TOKEN_MARKERS_DONE, ConsistentRead: true }));
  if (done.Item) return 0;
  let written = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :type AND attribute_exists(#token)',
        ExpressionAttributeNames: { '#type': 'type', '#token': 'token' },
        ExpressionAttributeValues: { ':type': 'connection' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const c of (out.Items ?? []) as ConnectionRecord[]) {
      if (!c.token) continue;
      const marker: WebchatTokenItem = { ...webchatTokenKey(c.token), type: 'webchatToken', companyId: c.companyId, connectionId: c.id };
      try {
        await table().send(new PutCommand({ TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' }));
        written++;
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  await table().send(new PutCommand({ TableName: tableName(), Item: { ...TOKEN_MARKERS_DONE, type: 'migration', at: new Date().toISOString() } }));
  return written;
};
