import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Help } from '@switchboard/shared/contracts/helps';
import { isConditionalCheckFailure } from '../../platform/errors.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { queryWholePartition } from '../../platform/table/partition.repository.ts';
import { HELP_PK, helpKey, toHelp, type HelpItem } from './help.entity.ts';

export const listHelpItems = async (): Promise<Help[]> => (await queryWholePartition<HelpItem>(HELP_PK, 'HELP#')).map(toHelp);

export const nextHelpId = (): Promise<number> => nextId('COUNTER', 'help');

/** Writes a help entry; `mustExist` makes it an update that fails (false) when the entry is gone. */
export const putHelp = async (help: Help, at: string, mustExist: boolean): Promise<boolean> => {
  const item: HelpItem = { ...helpKey(help.id), type: 'help', createdAt: at, ...help };
  try {
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: mustExist ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};

export const deleteHelpItem = async (id: number): Promise<boolean> => {
  try {
    await table().send(
      new DeleteCommand({ TableName: tableName(), Key: helpKey(id), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
};
