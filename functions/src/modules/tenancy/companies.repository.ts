import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionHeld, putExpecting } from '../../platform/table/guarded-writes.ts';
import type { ScheduleEntry } from '@switchboard/shared/contracts/queues';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import { table, tableName } from '../../platform/table/client.ts';
import {
  companyKey,
  companyListIndex,
  companySettingsKey,
  type CompanyItem,
  type CompanyRecord,
  type SettingsItem,
} from './company.entity.ts';
import { strip } from '../../platform/table/strip.ts';
import { queryKeyPage, queryPages, queryUpTo } from '../../platform/table/paging.ts';

export const getCompany = async (companyId: number): Promise<CompanyRecord | undefined> => {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: companyKey(companyId) }));
  return out.Item ? strip(out.Item as CompanyItem) : undefined;
};

export const getCompanyWithSettings = async (
  companyId: number,
  options: { consistent?: boolean } = {},
): Promise<{ company?: CompanyRecord; settings?: CompanySettings }> => {
  const keys = [companyKey(companyId), companySettingsKey(companyId)];
  const out = await table().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: keys, ...(options.consistent ? { ConsistentRead: true } : {}) } },
    }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const company = items.find((i) => i.sk === 'COMPANY') as CompanyItem | undefined;
  const settings = items.find((i) => i.sk === 'SETTINGS') as SettingsItem | undefined;
  return { company: company ? strip(company) : undefined, settings: settings?.settings };
};

/** Writes the company and its settings together; fails if the id is taken. */
export const insertCompany = async (company: CompanyRecord, settings: CompanySettings): Promise<void> => {
  const companyItem: CompanyItem = { ...companyKey(company.id), ...companyListIndex(company.id), type: 'company', ...company };
  const settingsItem: SettingsItem = {
    ...companySettingsKey(company.id),
    type: 'companySettings',
    companyId: company.id,
    settings,
  };
  await table().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: companyItem, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: settingsItem, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    }),
  );
};

/** Companies in id order (gsi1 COMPANIES), `limit` of them after `start`; `next` is absent on the last page. */
export const queryCompanyPage = async (
  limit: number,
  start?: Record<string, string>,
): Promise<{ companies: CompanyRecord[]; next?: Record<string, string> }> => {
  const page = await queryKeyPage<CompanyItem>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': companyListIndex(0).gsi1pk },
    },
    { limit, start },
  );
  return { companies: page.items.map(strip), next: page.next as Record<string, string> | undefined };
};

export const setLastLogin = async (companyId: number, at: string): Promise<void> => {
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: companyKey(companyId),
      UpdateExpression: 'SET lastLogin = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
};

/** Removes a company that never got its first user (a signup that lost an e-mail race). */
export const deleteCompanyItems = async (companyId: number): Promise<void> => {
  await table().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: companyKey(companyId) } },
        { Delete: { TableName: tableName(), Key: companySettingsKey(companyId) } },
      ],
    }),
  );
};

export const updateSettings = async (companyId: number, patch: Record<string, string>): Promise<void> => {
  const entries = Object.entries(patch);
  if (entries.length === 0) return;
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: companySettingsKey(companyId),
      UpdateExpression: 'SET ' + entries.map((_, i) => `settings.#k${i} = :v${i}`).join(', '),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    }),
  );
};

/** Replaces the company's opening hours; false when the company does not exist. */
export const setCompanySchedules = async (companyId: number, schedules: ScheduleEntry[]): Promise<boolean> => {
  return conditionHeld(() =>
    table().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: companyKey(companyId),
        UpdateExpression: 'SET schedules = :s',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':s': schedules },
      }),
    ),
  );
};

/**
 * One page of the companies table: `limit` companies in id order after `start`, those whose name or e-mail
 * contains `search` when given. A filtered page may read several index pages to fill itself.
 */
export const searchCompanyPage = async (
  limit: number,
  search: string | undefined,
  start?: Record<string, string>,
): Promise<{ companies: CompanyRecord[]; next?: Record<string, string> }> => {
  const page = await queryUpTo<CompanyItem>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ...(search
        ? {
            FilterExpression: 'contains(searchText, :q)',
            ExpressionAttributeValues: { ':pk': companyListIndex(0).gsi1pk, ':q': search },
          }
        : { ExpressionAttributeValues: { ':pk': companyListIndex(0).gsi1pk } }),
    },
    { start, limit },
  );
  return { companies: page.items.map(strip), next: page.next as Record<string, string> | undefined };
};

/** Replaces a company's fields (not its settings); false when it does not exist. */
export const putCompany = async (company: CompanyRecord): Promise<boolean> => {
  const item: CompanyItem = { ...companyKey(company.id), ...companyListIndex(company.id), type: 'company', ...company };
  return putExpecting(item, true);
};

/** Whether any company is on the plan (reads the companies index until the first one is found). */
export const anyCompanyOnPlan = async (planId: number): Promise<boolean> => {
  const pages = queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'planId = :plan',
    ExpressionAttributeValues: { ':pk': companyListIndex(0).gsi1pk, ':plan': planId },
    ProjectionExpression: 'id',
  });
  for await (const page of pages) if (page.items.length > 0) return true;
  return false;
};
