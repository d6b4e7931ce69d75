/**
 * A one-off rewrite of the connections stored when one token served both a web chat's widget and the external
 * messages API (connection.entity.ts): the token of a web chat is public (customers embed it in their sites), so it
 * becomes the chat's widget key (its `WEBCHAT#` marker stays and the embedded tags keep working) and the chat gets a
 * new secret API token; every other connection's token becomes its API token (its `APITOKEN#` marker is written and
 * the `WEBCHAT#` one it had is removed), so companies' systems keep calling with it.
 * It lives apart from the repository because it Scans the table (through the backfill runner): no request path needs
 * that. Every write is conditioned, so a second or concurrent run changes nothing; until a connection is migrated,
 * the lookups read its old markers (connection-lookup.service.ts).
 */
import { CONNECTION_TOKEN_LENGTH } from '@switchboard/shared/contracts/connections';
import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ids } from '../../platform/clock.ts';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { runBackfill, type Backfill } from '../../platform/table/backfill.repository.ts';
import { table, tableName } from '../../platform/table/client.ts';
import {
  apiTokenKey,
  connectionKey,
  webchatTokenKey,
  type ApiTokenItem,
  type ConnectionItem,
  type WebchatTokenItem,
} from './connection.entity.ts';

/** Writes a marker unless one is there already (kept as it is); answers whether it wrote it. */
const putMarkerIfMissing = async (item: ApiTokenItem | WebchatTokenItem): Promise<boolean> => {
  try {
    await table().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

/** The old widget marker of a connection that is not a web chat, removed only while it still names that connection. */
const deleteOwnWidgetMarker = async (c: ConnectionItem, token: string): Promise<void> => {
  try {
    await table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: webchatTokenKey(token),
        ConditionExpression: 'companyId = :companyId AND connectionId = :id',
        ExpressionAttributeValues: { ':companyId': c.companyId, ':id': c.id },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
};

/** A web chat's token becomes its widget key and a new API token is written, both in one transaction. */
const splitWebchatToken = async (c: ConnectionItem, widgetKey: string): Promise<boolean> => {
  const apiToken = ids.token(24).slice(0, CONNECTION_TOKEN_LENGTH);
  const marker: ApiTokenItem = { ...apiTokenKey(apiToken), type: 'apiToken', companyId: c.companyId, connectionId: c.id };
  let written = false;
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: connectionKey(c.companyId, c.id),
              UpdateExpression: 'SET widgetKey = :key, #token = :apiToken',
              // a run that got here first has set the widget key: this one changes nothing
              ConditionExpression: '#token = :key AND attribute_not_exists(widgetKey)',
              ExpressionAttributeNames: { '#token': 'token' },
              ExpressionAttributeValues: { ':key': widgetKey, ':apiToken': apiToken },
            },
          },
          { Put: { TableName: tableName(), Item: marker, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    written = true;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  // chats stored before every token had a marker have none: the embedded tags need it
  await putMarkerIfMissing({ ...webchatTokenKey(widgetKey), type: 'webchatToken', companyId: c.companyId, connectionId: c.id });
  return written;
};

/** A connection's token as its API token (a web chat's: its widget key, with a new API token); whether it changed it. */
const migrateConnection = async (c: ConnectionItem): Promise<boolean> => {
  if (!c.token) return false;
  if (c.channel === 'webchat' && !c.widgetKey) return splitWebchatToken(c, c.token);
  const written = await putMarkerIfMissing({
    ...apiTokenKey(c.token),
    type: 'apiToken',
    companyId: c.companyId,
    connectionId: c.id,
  });
  if (c.channel !== 'webchat') await deleteOwnWidgetMarker(c, c.token);
  return written;
};

export const connectionApiTokensBackfill: Backfill<ConnectionItem> = {
  id: 'connection-api-tokens',
  scan: {
    filter: '#type = :type AND attribute_exists(#token)',
    names: { '#type': 'type', '#token': 'token' },
    values: { ':type': 'connection' },
  },
  migrate: migrateConnection,
};

/** The whole migration in one run; answers how many connections it changed (none once done). */
export const migrateConnectionApiTokens = async (): Promise<number> => (await runBackfill(connectionApiTokensBackfill)).changed;
