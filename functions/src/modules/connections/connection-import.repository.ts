/** Table access of a connection's import of old messages: its status, written apart from the admin's edits. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { conditionHeld } from '../../platform/table/guarded-writes.ts';
import { connectionKey } from './connection.entity.ts';

/**
 * Sets statusImportMessages. With `whileImporting`, only while an import is on and not finished (a progress report
 * of a late history chunk does not bring back an import the admin turned off or whose tickets were closed).
 * Answers whether it was written.
 */
export const writeImportStatus = async (
  companyId: number,
  id: number,
  status: string | null,
  options: { whileImporting?: { done: string } } = {},
): Promise<boolean> => {
  const guard = options.whileImporting
    ? ' AND attribute_type(importOldMessages, :string) AND attribute_type(statusImportMessages, :string) AND statusImportMessages <> :done'
    : '';
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: connectionKey(companyId, id),
        UpdateExpression: 'SET statusImportMessages = :status',
        ConditionExpression: `attribute_exists(pk)${guard}`,
        ExpressionAttributeValues: {
          ':status': status,
          ...(options.whileImporting ? { ':string': 'S', ':done': options.whileImporting.done } : {}),
        },
      }),
    ),
  );
};
