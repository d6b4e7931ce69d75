import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { auditPk, type AuditItem } from './audit.entity.ts';

export const putAuditItem = async (item: AuditItem): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
};

/** One page of a company's entries, newest first. */
export const queryAuditItems = async (companyId: number, limit: number, startKey?: Record<string, string>) => {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': auditPk(companyId) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: (out.Items ?? []) as AuditItem[], lastKey: out.LastEvaluatedKey as Record<string, string> | undefined };
};
