/**
 * The two writes billing makes to a company (server reference 9.6): its due date moves when an invoice is paid
 * (in the same transaction as the invoice, so a payment moves it once), and a company left unpaid is deactivated.
 */
import { conditionHeld } from '../../platform/table/guarded-writes.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { companyKey } from './company.entity.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Moves the due date from `from` to `to` and reactivates the company; fails the transaction if `from` changed meanwhile. */
export const companyDueDateMove = (companyId: number, from: string, to: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: companyKey(companyId),
    UpdateExpression: 'SET dueDate = :to, #status = :on',
    ConditionExpression: 'attribute_exists(pk) AND dueDate = :from',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':to': to, ':from': from, ':on': true },
  },
});

/** Deactivates a company whose due date is still `dueDate`; false when it changed (paid meanwhile) or it is gone. */
export const deactivateUnpaidCompany = async (companyId: number, dueDate: string): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: companyKey(companyId),
        UpdateExpression: 'SET #status = :off',
        ConditionExpression: 'attribute_exists(pk) AND dueDate = :due',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':off': false, ':due': dueDate },
      }),
    ),
  );
};
