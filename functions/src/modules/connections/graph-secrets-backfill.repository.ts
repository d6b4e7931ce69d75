/**
 * A one-off sealing of the Graph secrets (graph-secrets.ts) of connections stored when they were kept plain: a Cloud
 * API number's access token, app secret and verify token, a Messenger page's or Instagram account's page token.
 * It lives apart from the repository because it Scans the table: no request path needs that. Once done, a marker
 * item keeps later runs from scanning again.
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { connectionKey, type ConnectionRecord } from './connection.entity.ts';
import { plainGraphSecrets, sealGraphSecrets } from './graph-secrets.ts';

const GRAPH_SECRETS_DONE = { pk: 'MIGRATION', sk: 'connection-graph-secrets-sealed' };

/**
 * Answers how many connections it sealed (none on every later run). Each field is replaced only while it still holds
 * the plain value read, so a secret changed meanwhile (and sealed by its writer) is kept as it is.
 */
export const sealPlainGraphSecrets = async (): Promise<number> => {
  const done = await table().send(new GetCommand({ TableName: tableName(), Key: GRAPH_SECRETS_DONE, ConsistentRead: true }));
  if (done.Item) return 0;
  let sealed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#type = :type AND attribute_exists(#graph)',
        ExpressionAttributeNames: { '#type': 'type', '#graph': 'graph' },
        ExpressionAttributeValues: { ':type': 'connection' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const c of (out.Items ?? []) as ConnectionRecord[]) {
      const plain = c.graph ? plainGraphSecrets(c.graph) : {};
      const fields = Object.keys(plain) as (keyof typeof plain)[];
      if (fields.length === 0) continue;
      const sealedValues = await sealGraphSecrets(c, plain);
      try {
        await table().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: connectionKey(c.companyId, c.id),
            UpdateExpression: `SET ${fields.map((f) => `#graph.#${f} = :sealed_${f}`).join(', ')}`,
            ConditionExpression: fields.map((f) => `#graph.#${f} = :plain_${f}`).join(' AND '),
            ExpressionAttributeNames: { '#graph': 'graph', ...Object.fromEntries(fields.map((f) => [`#${f}`, f])) },
            ExpressionAttributeValues: Object.fromEntries(
              fields.flatMap((f) => [
                [`:sealed_${f}`, sealedValues[f]],
                [`:plain_${f}`, plain[f]],
              ]),
            ),
          }),
        );
        sealed++;
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  await table().send(
    new PutCommand({ TableName: tableName(), Item: { ...GRAPH_SECRETS_DONE, type: 'migration', at: new Date().toISOString() } }),
  );
  return sealed;
};
