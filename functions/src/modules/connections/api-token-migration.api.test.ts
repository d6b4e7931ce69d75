/**
 * Connections stored when one token was both a web chat's widget address and the external API's bearer are split
 * by the one-off migration: the sites' embedded tags keep working, the public key stops opening the API, and every
 * other connection's token goes on working as its API token. The migration runs once and changes nothing again.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Connection } from '@switchboard/shared/contracts/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startApi } from '../../../../test/api.ts';
import { until } from '../../../../test/until.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { apiTokenKey, connectionKey, webchatTokenKey } from './connection.entity.ts';
import { findConnectionByApiToken } from './connections.service.ts';
import { migrateConnectionApiTokens } from './api-token-migration.repository.ts';

let runtime: Runtime;
let company: TestCompany;
beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja de Antes');
});
afterAll(async () => {
  await runtime?.stop();
});

const DONE = { pk: 'MIGRATION', sk: 'connection-api-tokens' };
const get = async (Key: { pk: string; sk: string }) =>
  (await table().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;
const send = (token: string) =>
  new ApiClient(runtime.url).request(
    'POST',
    '/v1/messages/send',
    { number: `55119${String(Date.now()).slice(-8)}`, body: 'Pedido enviado' },
    { authorization: `Bearer ${token}` },
  );
const widgetStatus = async (key: string) => (await fetch(`${runtime.url}/api/webchat/${key}`)).status;
const connectionsOf = async () => (await company.admin.get('/whatsapp')).body as Connection[];

/** A web chat put back in the shape an earlier version stored: its widget key as its one token, no API token marker. */
const storeAsBefore = async (connectionId: number, keys: { widgetKey: string; apiToken: string }): Promise<void> => {
  await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: connectionKey(company.companyId, connectionId),
      UpdateExpression: 'SET #token = :key REMOVE widgetKey',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':key': keys.widgetKey },
    }),
  );
  await table().send(new DeleteCommand({ TableName: tableName(), Key: apiTokenKey(keys.apiToken) }));
};

describe('the API token migration', () => {
  it("keeps an older web chat's token as its widget key with a new API token, keeps other tokens as API tokens, once", async () => {
    const session = await company.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Número antigo' });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const sessionToken = (session.body as Connection).token!;
    // as an earlier version stored them: a web chat's one token (its widget's, with its WEBCHAT# marker) and
    // another connection's token found through a WEBCHAT# marker; no API token markers, the migration not run
    const oldKey = company.webchatToken;
    await storeAsBefore(company.connectionId, { widgetKey: oldKey, apiToken: company.apiToken });
    await table().send(new DeleteCommand({ TableName: tableName(), Key: apiTokenKey(sessionToken) }));
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...webchatTokenKey(sessionToken),
          type: 'webchatToken',
          companyId: company.companyId,
          connectionId: session.body.id,
        },
      }),
    );
    await table().send(new DeleteCommand({ TableName: tableName(), Key: DONE }));
    // before it runs, the embedded tag works and the public token already opens no API
    expect(await widgetStatus(oldKey)).toBe(200);
    expect(await send(oldKey)).toMatchObject({ status: 403, body: { error: 'ERR_INVALID_TOKEN' } });

    expect(await migrateConnectionApiTokens()).toBeGreaterThanOrEqual(2);

    const chat = (await connectionsOf()).find((c) => c.id === company.connectionId)!;
    expect(chat.widgetKey).toBe(oldKey);
    expect(chat.token).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(chat.token).not.toBe(oldKey);
    expect(await widgetStatus(oldKey)).toBe(200);
    expect(await widgetStatus(chat.token!)).toBe(404);
    expect(await send(oldKey)).toMatchObject({ status: 403, body: { error: 'ERR_INVALID_TOKEN' } });
    const sent = await send(chat.token!);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await findConnectionByApiToken(sessionToken)).toMatchObject({
      id: session.body.id,
      companyId: company.companyId,
      channel: 'whatsapp',
    });
    expect(await get(webchatTokenKey(sessionToken))).toBeUndefined();

    // done: a later run reads its marker; a run without it finds everything migrated and changes nothing
    expect(await migrateConnectionApiTokens()).toBe(0);
    await table().send(new DeleteCommand({ TableName: tableName(), Key: DONE }));
    expect(await migrateConnectionApiTokens()).toBe(0);
    expect((await connectionsOf()).find((c) => c.id === company.connectionId)).toMatchObject({
      token: chat.token,
      widgetKey: oldKey,
    });
    expect(await get(DONE)).toBeDefined();
  });

  /** A new web chat stored as an earlier version stored it, the migration not run yet. */
  const olderWebchat = async (name: string) => {
    const res = await company.admin.post('/whatsapp', { channel: 'webchat', name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = res.body as Connection;
    await storeAsBefore(created.id, { widgetKey: created.widgetKey!, apiToken: created.token! });
    await table().send(new DeleteCommand({ TableName: tableName(), Key: DONE }));
    expect(await widgetStatus(created.widgetKey!)).toBe(200);
    return { id: created.id, oldKey: created.widgetKey! };
  };

  it("never lets an older web chat's public key open the API when its widget key is regenerated before the migration", async () => {
    const { id, oldKey } = await olderWebchat('Chat regenerado');

    const res = await company.admin.put(`/whatsapp/${id}`, { regenerateWidgetKey: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const regenerated = res.body as Connection;
    expect(regenerated.widgetKey).not.toBe(oldKey);
    expect(regenerated.token).not.toBe(oldKey);
    await migrateConnectionApiTokens();

    const chat = (await connectionsOf()).find((c) => c.id === id)!;
    expect(chat).toMatchObject({ token: regenerated.token, widgetKey: regenerated.widgetKey });
    expect(await send(oldKey)).toMatchObject({ status: 403, body: { error: 'ERR_INVALID_TOKEN' } });
    // the web chat function may answer from what it read of the old key for as long as it keeps it
    const gone = await until(
      () => widgetStatus(oldKey),
      (s) => s === 404,
    );
    expect(gone).toBe(404);
    expect(await widgetStatus(chat.widgetKey!)).toBe(200);
    const sent = await send(chat.token!);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });

  it("keeps an older web chat's embedded key working when its API token is regenerated before the migration", async () => {
    const { id, oldKey } = await olderWebchat('Chat com token novo');

    const res = await company.admin.put(`/whatsapp/${id}`, { regenerateToken: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const regenerated = res.body as Connection;
    expect(regenerated.widgetKey).toBe(oldKey);
    await migrateConnectionApiTokens();

    const chat = (await connectionsOf()).find((c) => c.id === id)!;
    expect(chat).toMatchObject({ token: regenerated.token, widgetKey: oldKey });
    expect(chat.token).not.toBe(oldKey);
    expect(await widgetStatus(oldKey)).toBe(200);
    expect(await widgetStatus(chat.token!)).toBe(404);
    expect(await send(oldKey)).toMatchObject({ status: 403, body: { error: 'ERR_INVALID_TOKEN' } });
    const sent = await send(chat.token!);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });
});
