/** All table access of AI prompts. */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { okUnlessStale } from '../../platform/table/guarded-writes.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { PROMPT_SK_PREFIX, promptKey, toPromptItem, type PromptItem, type PromptRecord } from './prompt.entity.ts';
import { strip } from '../../platform/table/strip.ts';
import { queryAll } from '../../platform/table/paging.ts';

export const getPrompt = async (companyId: number, id: number): Promise<PromptRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: promptKey(companyId, id), ConsistentRead: true }));
  const item = out.Item as PromptItem | undefined;
  return item && item.type === 'prompt' && item.companyId === companyId ? strip(item) : undefined;
};

/** The company's prompts in id order. */
export const queryPrompts = async (companyId: number): Promise<PromptRecord[]> => {
  const items = await queryAll<PromptItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ':p': PROMPT_SK_PREFIX },
  });
  return items.filter((i) => i.type === 'prompt').map(strip);
};

export const insertPrompt = async (record: PromptRecord): Promise<void> => {
  await table().send(
    new PutCommand({ TableName: tableName(), Item: toPromptItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

/** Replaces the prompt read at `before.rev`; 'stale' when someone wrote or deleted it meanwhile. */
export const replacePrompt = async (before: PromptRecord, after: PromptRecord): Promise<'ok' | 'stale'> => {
  return okUnlessStale(() =>
    table().send(
      new PutCommand({
        TableName: tableName(),
        Item: toPromptItem(after),
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: { ':rev': before.rev },
      }),
    ),
  );
};

export const deletePromptRecord = async (record: PromptRecord): Promise<'ok' | 'stale'> => {
  return okUnlessStale(() =>
    table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: promptKey(record.companyId, record.id),
        ConditionExpression: 'rev = :rev',
        ExpressionAttributeValues: { ':rev': record.rev },
      }),
    ),
  );
};
