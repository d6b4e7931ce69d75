/**
 * Connections stored before every token had its marker (only web chats had one) get theirs from the one-off
 * migration, so their token works on the external messages API; the migration runs once.
 */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Connection } from '@switchboard/shared/contracts/inbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../../test/api.ts';
import { signupCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { webchatTokenKey } from './connection.entity.ts';
import { findConnectionByToken } from './connections.service.ts';
import { backfillTokenMarkers } from './token-marker-backfill.repository.ts';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startApi();
});
afterAll(async () => {
  await runtime?.stop();
});

describe('the token marker migration', () => {
  it("writes the missing marker of an older connection's token, once", async () => {
    const company = await signupCompany(runtime, 'Older Co');
    const res = await company.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Antigo' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const token = (res.body as Connection).token!;
    // as an earlier version stored it: no marker, and the migration not run since
    await table().send(new DeleteCommand({ TableName: tableName(), Key: webchatTokenKey(token) }));
    await table().send(new DeleteCommand({ TableName: tableName(), Key: { pk: 'MIGRATION', sk: 'connection-token-markers' } }));
    expect(await findConnectionByToken(token)).toBeUndefined();

    expect(await backfillTokenMarkers()).toBeGreaterThanOrEqual(1);
    expect(await findConnectionByToken(token)).toMatchObject({ id: (res.body as Connection).id, companyId: company.companyId });
    // done: a later run reads its marker and writes nothing
    await table().send(new DeleteCommand({ TableName: tableName(), Key: webchatTokenKey(token) }));
    expect(await backfillTokenMarkers()).toBe(0);
    expect((await table().send(new GetCommand({ TableName: tableName(), Key: webchatTokenKey(token) }))).Item).toBeUndefined();
  });
});
