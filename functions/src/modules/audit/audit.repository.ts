import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { queryKeyPage } from '../../platform/table/paging.ts';
import { auditPk, type AuditItem } from './audit.entity.ts';

export const putAuditItem = async (item: AuditItem): Promise<void> => {
  await table().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
};

/** One page of a company's entries, newest first. */
export const queryAuditItems = async (companyId: number, limit: number, startKey?: Record<string, string>) => {
  const page = await queryKeyPage<AuditItem>(
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': auditPk(companyId) }, ScanIndexForward: false },
    { limit, start: startKey },
  );
  return { items: page.items, lastKey: page.next as Record<string, string> | undefined };
};
