/** The paging helper on a partition of several Query pages: every page in turn, and pages until enough items. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { table, tableName } from './client.ts';
import { queryAll, queryPages, queryUpTo } from './paging.ts';

const PK = 'PAGING#test';
const query = { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PK } };
const skOf = (n: number) => `I#${String(n).padStart(3, '0')}`;

beforeAll(async () => {
  await useTestTable();
  for (let n = 0; n < 25; n++)
    await table().send(new PutCommand({ TableName: tableName(), Item: { pk: PK, sk: skOf(n), n, even: n % 2 === 0 } }));
});

describe('the paging helper', () => {
  it('reads every item of the Query, page after page', async () => {
    const pages: number[][] = [];
    for await (const page of queryPages<{ n: number }>(query, { limit: 10 })) pages.push(page.items.map((i) => i.n));
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect((await queryAll<{ n: number }>(query)).map((i) => i.n)).toEqual([...Array(25).keys()]);
  });

  it('reads until enough items came, and goes on from where it stopped', async () => {
    const evens = { ...query, FilterExpression: 'even = :t', ExpressionAttributeValues: { ':pk': PK, ':t': true } };
    const first = await queryUpTo<{ n: number }>(evens, { limit: 4 });
    expect(first.items.map((i) => i.n)).toEqual([0, 2, 4, 6]);
    const rest = await queryUpTo<{ n: number }>(evens, { limit: 100, start: first.next });
    expect(rest.items.map((i) => i.n)).toEqual([8, 10, 12, 14, 16, 18, 20, 22, 24]);
    expect(rest.next).toBeUndefined();
  });

  it('stops after the Queries it may make', async () => {
    const none = { ...query, FilterExpression: 'n > :max', ExpressionAttributeValues: { ':pk': PK, ':max': 100 } };
    const page = await queryUpTo(none, { limit: 2, maxQueries: 3 });
    expect(page.items).toEqual([]);
    // two items read per Query, three Queries: it stops after the sixth item
    expect(page.next).toEqual({ pk: PK, sk: skOf(5) });
  });
});
