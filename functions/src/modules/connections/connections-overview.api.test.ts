import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompanyConnectionsDetail, Connection, ConnectionsOverview } from '@switchboard/shared/contracts/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signInSuperUser, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { connectionKey } from './connection.entity.ts';

let runtime: Runtime;
let root: ApiClient;
let first: TestCompany;
let second: TestCompany;

/** What a channel writes when its session drops (the session fleet owns that write; here it is only a fixture). */
const setStatus = (companyId: number, id: number, status: Connection['status']) =>
  table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: connectionKey(companyId, id),
      UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': status },
    }),
  );

const everyPage = async (client: ApiClient, limit: number) => {
  const pages: ConnectionsOverview[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: ConnectionsOverview } = await client.get<ConnectionsOverview>(
      `/whatsapp/all?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor);
  return pages;
};

beforeAll(async () => {
  runtime = await startApi();
  root = await signInSuperUser(runtime);
  first = await signupCompany(runtime, 'Overview One');
  second = await signupCompany(runtime, 'Overview Two');
  const extra = await first.admin.post('/whatsapp', { channel: 'webchat', name: 'Balcão' });
  expect(extra.status).toBe(201);
  await setStatus(first.companyId, (extra.body as Connection).id, 'DISCONNECTED');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('GET /whatsapp/all', () => {
  it('gives the super user every company with its connections and the counts of connected, disconnected and total', async () => {
    const pages = await everyPage(root, 50);
    const companies = pages.flatMap((p) => p.companies);
    expect(companies.map((c) => c.companyId)).toEqual([...companies.map((c) => c.companyId)].sort((a, b) => a - b));
    const one = companies.find((c) => c.companyId === first.companyId)!;
    expect(one).toMatchObject({ companyName: 'Overview One', connected: 1, disconnected: 1, total: 2 });
    expect(one.connections.map((c) => [c.name, c.status, c.isDefault])).toEqual([
      ['Chat do site', 'CONNECTED', true],
      ['Balcão', 'DISCONNECTED', false],
    ]);
    expect(one.connections[0]).not.toHaveProperty('token');
    expect(companies.find((c) => c.companyId === second.companyId)).toMatchObject({
      companyName: 'Overview Two',
      connected: 1,
      disconnected: 0,
      total: 1,
    });
  });

  it('pages through the companies with a cursor, each company once', async () => {
    const pages = await everyPage(root, 1);
    const ids = pages.flatMap((p) => p.companies.map((c) => c.companyId));
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.slice(0, -1).every((p) => p.hasMore && p.companies.length === 1)).toBe(true);
    expect((await root.get('/whatsapp/all?cursor=not-a-cursor')).status).toBe(400);
    expect((await root.get('/whatsapp/all?limit=101')).status).toBe(400);
  });

  it('refuses company admins and agents (403), whatever their connection rights', async () => {
    expect(await first.admin.get('/whatsapp/all')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const allowed = await addAgent(runtime, first, { allowConnections: 'enabled' });
    expect(await allowed.client.get('/whatsapp/all')).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await new ApiClient(runtime.url).get('/whatsapp/all')).status).toBe(401);
  });
});

describe("the super user acting on a company's connections (/whatsapp-admin/{companyId})", () => {
  it("lists the company's connections and queues, edits and deletes its connection, and the company sees it", async () => {
    const listed = await root.get<CompanyConnectionsDetail>(`/whatsapp-admin/${second.companyId}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.connections.map((c) => [c.id, c.name, c.isDefault])).toEqual([
      [second.connectionId, 'Chat do site', true],
    ]);
    expect(listed.body.queues.map((q) => q.id)).toEqual([second.queueId]);

    const edited = await root.put<Connection>(`/whatsapp-admin/${second.companyId}/${second.connectionId}`, {
      name: 'Renamed by the platform',
      queueIds: [second.queueId],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await second.admin.get<Connection>(`/whatsapp/${second.connectionId}`)).body).toMatchObject({
      name: 'Renamed by the platform',
      queueIds: [second.queueId],
    });
    // the company's rules hold for the super user too: a queue the company does not have is refused
    expect(
      (await root.put(`/whatsapp-admin/${second.companyId}/${second.connectionId}`, { queueIds: [second.queueId + 1000] }))
        .status,
    ).toBe(400);

    const extra = await second.admin.post<Connection>('/whatsapp', { channel: 'webchat', name: 'Temporário' });
    expect(extra.status).toBe(201);
    expect(await root.delete(`/whatsapp-admin/${second.companyId}/${extra.body.id}`)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await second.admin.get(`/whatsapp/${extra.body.id}`)).status).toBe(404);
    // the default connection stays while others exist, as for the company's admin
    const kept = await second.admin.post<Connection>('/whatsapp', { channel: 'webchat', name: 'Outro' });
    expect(await root.delete(`/whatsapp-admin/${second.companyId}/${second.connectionId}`)).toMatchObject({
      status: 400,
      body: { error: 'ERR_NO_OTHER_WHATSAPP' },
    });
    expect(await root.delete(`/whatsapp-admin/${second.companyId}/${kept.body.id}`)).toMatchObject({ status: 200 });
  });

  it("sends a WhatsApp session command to the named company's connection only; a web chat has no session", async () => {
    expect(await root.post(`/whatsapp-admin/${second.companyId}/${second.connectionId}/session`)).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
    const onlyInFirst = (await first.admin.get<Connection[]>('/whatsapp')).body.at(-1)!.id;
    expect(onlyInFirst).toBeGreaterThan(second.connectionId);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect(await root.request(method, `/whatsapp-admin/${second.companyId}/${onlyInFirst}/session`)).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_WAPP_FOUND' },
      });
    }
    expect(await root.put(`/whatsapp-admin/${second.companyId}/${onlyInFirst}`, { name: 'Nope' })).toMatchObject({ status: 404 });
    expect(await root.get(`/whatsapp-admin/999999`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
  });

  it("refuses (403) a company's admin and an agent with connection rights, for their own company or any other", async () => {
    const allowed = await addAgent(runtime, first, { allowConnections: 'enabled' });
    for (const client of [first.admin, allowed.client]) {
      for (const companyId of [first.companyId, second.companyId]) {
        for (const [method, path, body] of [
          ['GET', `/whatsapp-admin/${companyId}`],
          ['PUT', `/whatsapp-admin/${companyId}/${first.connectionId}`, { name: 'Taken over' }],
          ['DELETE', `/whatsapp-admin/${companyId}/${first.connectionId}`],
          ['POST', `/whatsapp-admin/${companyId}/${first.connectionId}/session`],
          ['PUT', `/whatsapp-admin/${companyId}/${first.connectionId}/session`],
          ['DELETE', `/whatsapp-admin/${companyId}/${first.connectionId}/session`],
        ] as const) {
          expect(await client.request(method, path, body), `${method} ${path}`).toMatchObject({
            status: 403,
            body: { error: 'ERR_NO_PERMISSION' },
          });
        }
      }
    }
    expect((await first.admin.get<Connection>(`/whatsapp/${first.connectionId}`)).body.name).toBe('Chat do site');
  });

  it("leaves the super user's ordinary connection routes on their own company", async () => {
    const created = await root.post<Connection>('/whatsapp', { channel: 'webchat', name: 'Chat da plataforma' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const own = await root.get<Connection[]>('/whatsapp');
    expect(own.body.map((c) => c.name)).toContain('Chat da plataforma');
    expect(own.body.map((c) => c.name)).not.toContain('Renamed by the platform');
    const ownId = created.body.id;
    const before = (await second.admin.get<Connection[]>('/whatsapp')).body;
    expect((await root.put<Connection>(`/whatsapp/${ownId}`, { greetingMessage: 'Platform greeting' })).status).toBe(200);
    expect((await second.admin.get<Connection[]>('/whatsapp')).body).toEqual(before);
    expect((await root.get<Connection>(`/whatsapp/${ownId}`)).body.greetingMessage).toBe('Platform greeting');
  });
});

describe('PUT /whatsapp/{id} group settings', () => {
  it('stores allowGroup and groupAsTicket and answers them', async () => {
    const before = await first.admin.get<Connection>(`/whatsapp/${first.connectionId}`);
    expect(before.body).toMatchObject({ allowGroup: false, groupAsTicket: 'disabled' });
    const res = await first.admin.put<Connection>(`/whatsapp/${first.connectionId}`, {
      allowGroup: true,
      groupAsTicket: 'enabled',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ allowGroup: true, groupAsTicket: 'enabled', name: 'Chat do site' });
    expect((await first.admin.get<Connection>(`/whatsapp/${first.connectionId}`)).body).toMatchObject({
      allowGroup: true,
      groupAsTicket: 'enabled',
    });
    expect((await first.admin.put(`/whatsapp/${first.connectionId}`, { groupAsTicket: 'sometimes' })).status).toBe(400);
  });
});
