/**
 * A one-off sealing of the Graph secrets (graph-secrets.ts) of connections stored when they were kept plain: a Cloud
 * API number's access token, app secret and verify token, a Messenger page's or Instagram account's page token.
 * It lives apart from the repository because it Scans the table (through the backfill runner): no request path
 * needs that. Until a connection is sealed, its plain secrets are used as they are (graph-secrets.ts).
 */
import { conditionHeld } from '../../platform/table/guarded-writes.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { runBackfill, type Backfill } from '../../platform/table/backfill.repository.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { connectionKey, type ConnectionRecord } from './connection.entity.ts';
import { plainGraphSecrets, sealGraphSecrets } from './graph-secrets.ts';

/**
 * Each field is replaced only while it still holds the plain value read, so a secret changed meanwhile (and sealed by
 * its writer) is kept as it is; whether it sealed any.
 */
const sealConnection = async (c: ConnectionRecord): Promise<boolean> => {
  const plain = c.graph ? plainGraphSecrets(c.graph) : {};
  const fields = Object.keys(plain) as (keyof typeof plain)[];
  if (fields.length === 0) return false;
  const sealedValues = await sealGraphSecrets(c, plain);
  return conditionHeld(() =>
    table().send(
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
    ),
  );
};

export const graphSecretsBackfill: Backfill<ConnectionRecord> = {
  id: 'connection-graph-secrets-sealed',
  scan: {
    filter: '#type = :type AND attribute_exists(#graph)',
    names: { '#type': 'type', '#graph': 'graph' },
    values: { ':type': 'connection' },
  },
  migrate: sealConnection,
};

/** The whole sealing in one run; answers how many connections it sealed (none once done). */
export const sealPlainGraphSecrets = async (): Promise<number> => (await runBackfill(graphSecretsBackfill)).changed;
