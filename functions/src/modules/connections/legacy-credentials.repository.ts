/**
 * Connections stored when one token served both a web chat's widget and the external messages API: a web chat's
 * token is public (customers embed it in their sites), so it becomes the chat's widget key (its `WEBCHAT#` marker
 * stays) and the chat gets a new secret API token; every other connection's token becomes its API token (its
 * `APITOKEN#` marker is written and its old `WEBCHAT#` one removed). Every write is conditioned, so a second or
 * concurrent run changes nothing. Run on every connection by the data migration (api-token-migration.repository.ts),
 * and on one connection before a credential of it is regenerated, so a regenerated credential is never read as an
 * old one. Kept apart from the migration, which Scans: the connections function may not.
 */
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { traitsOf } from '@switchboard/shared/channel-traits';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { putExpecting } from '../../platform/table/guarded-writes.ts';
import {
  apiTokenKey,
  connectionKey,
  newConnectionToken,
  webchatTokenKey,
  type ApiTokenItem,
  type ConnectionRecord,
  type WebchatTokenItem,
} from './connection.entity.ts';

/** Writes a marker unless one is there already (kept as it is); answers whether it wrote it. */
const putMarkerIfMissing = (item: ApiTokenItem | WebchatTokenItem): Promise<boolean> => putExpecting(item, false);

/** The old widget marker of a connection that is not a web chat, removed only while it still names that connection. */
const deleteOwnWidgetMarker = async (c: ConnectionRecord, token: string): Promise<void> => {
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
const splitWebchatToken = async (c: ConnectionRecord, widgetKey: string): Promise<boolean> => {
  const apiToken = newConnectionToken();
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
export const migrateConnectionCredentials = async (c: ConnectionRecord): Promise<boolean> => {
  if (!c.token) return false;
  if (traitsOf(c.channel).widgetKey && !c.widgetKey) return splitWebchatToken(c, c.token);
  const written = await putMarkerIfMissing({
    ...apiTokenKey(c.token),
    type: 'apiToken',
    companyId: c.companyId,
    connectionId: c.id,
  });
  if (!traitsOf(c.channel).widgetKey) await deleteOwnWidgetMarker(c, c.token);
  return written;
};
