/**
 * Bad input on every route of the route table: a body of the wrong shape, and path parameters of the wrong
 * kind, answer 400 naming the fields (or 404 for a parameter any text may be) and write nothing at all; every
 * paged route refuses a cursor it did not make for this very list, company and query.
 * Routes added later are covered automatically.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { routes, type RouteDef } from '@switchboard/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '../functions/src/platform/table/client.ts';
import type { Runtime } from '../infra/local/runtime.ts';
import { createUser } from '../functions/src/modules/users/users.service.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ApiClient, startApi } from './api.ts';
import { startFakeGraph, type FakeGraph } from './fakes/graph-server.ts';
import { signupCompany, Visitor, type TestCompany } from './inbox.ts';

let runtime: Runtime;
let admin: ApiClient;
/** Meta's side for the Cloud API number campaigns go out through (a web chat cannot send them) */
let graph: FakeGraph;
const CLOUD = {
  phoneNumberId: '1015558101',
  wabaId: '2025558101',
  accessToken: 'bad-input-cloud-token',
  appSecret: 'bad-input-secret',
  verifyToken: 'bad-input-verify',
};

const snapshot = async () => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(
      new ScanCommand({ TableName: runtime.tableName, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  // sessions' presence pings and socket bookkeeping are not the request's doing
  return items
    .filter((i) => i.type !== 'wsConnection')
    .map((i) => (i.type === 'user' ? { ...i, online: undefined, lastSeen: undefined } : i))
    .sort((x, y) => `${x.pk}${x.sk}`.localeCompare(`${y.pk}${y.sk}`));
};

beforeAll(async () => {
  graph = await startFakeGraph();
  graph.tokens.add(CLOUD.accessToken);
  graph.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  process.env.META_GRAPH_URL = graph.url;
  runtime = await startApi();
  admin = new ApiClient(runtime.url);
  expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await runtime?.stop();
  await graph?.close();
  delete process.env.META_GRAPH_URL;
});

const withBody = routes.filter((r) => (r as RouteDef).body !== undefined).map((r) => r as RouteDef);
const withQuery = routes.filter((r) => (r as RouteDef).query !== undefined).map((r) => r as RouteDef);
const withParams = routes.filter((r) => /\{\w+\}/.test(r.path)).map((r) => r as RouteDef);

/** Values that fit a path parameter's place but not its schema (the route itself must still match). */
const badParam = 'not%20valid%00';

describe('bad input', () => {
  it.each(withBody.map((r) => [r.id, r] as const))(
    '%s: a body of the wrong shape answers 400 with fields and writes nothing',
    async (_id, route) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'.repeat(24)));
      const before = await snapshot();
      const res = await admin.request(route.method, path, '[1, "two"]');
      expect(res.status, `${route.method} ${path}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.fields.length).toBeGreaterThan(0);
      expect(res.body.fields.every((f: { path: string }) => f.path.startsWith('body') || f.path.startsWith('params'))).toBe(true);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(withParams.map((r) => [r.id, r] as const))(
    '%s: malformed path parameters answer 400 (or 404) and write nothing',
    async (_id, route) => {
      const path = route.path.replace(/\{\w+\}/g, badParam);
      const before = await snapshot();
      const res = await admin.request(route.method, path, route.body ? '{}' : undefined);
      expect([400, 404], `${route.method} ${path}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      if (res.status === 400) expect(res.body.fields?.length ?? 0).toBeGreaterThan(0);
      expect(await snapshot()).toEqual(before);
    },
  );

  /** routes with a required query field: it is given well-formed while another field is tried malformed */
  const requiredQuery: Record<string, Record<string, string>> = { 'contact-lists.item-list': { contactListId: '1' } };

  it.each(withQuery.map((r) => [r.id, r] as const))(
    '%s: malformed JSON in any query field answers 400 on that field, never 500',
    async (_id, route) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'.repeat(24)));
      const fields = Object.keys((route.query as unknown as { shape?: Record<string, unknown> }).shape ?? {});
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        for (const value of ['[', '{', '["open",', '[1,']) {
          const others = new URLSearchParams(Object.entries(requiredQuery[route.id] ?? {}).filter(([name]) => name !== field));
          const res = await admin.request(
            route.method,
            `${path}?${field}=${encodeURIComponent(value)}${String(others) ? `&${others}` : ''}`,
          );
          const where = `${route.method} ${path}?${field}=${value}: ${res.status} ${JSON.stringify(res.body)}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status === 400 && res.body.error === 'ERR_VALIDATION') {
            expect(
              res.body.fields.map((f: { path: string }) => f.path),
              where,
            ).toContain(`query.${field}`);
          }
        }
      }
    },
  );

  it('answers a malformed status filter with 400 on query.statusFilter', async () => {
    const res = await admin.request('GET', '/tickets?statusFilter=%5B');
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'query.statusFilter', message: 'Malformed JSON' }] },
    });
    expect((await admin.request('GET', '/tickets?statusFilter=%5B%22open%22%5D')).status).toBe(200);
    expect((await admin.request('GET', '/tickets?statusFilter=open,pending')).status).toBe(200);
  });

  it('answers malformed JSON with 400 on a body route', async () => {
    const res = await admin.request('POST', '/contacts', '{"name": ');
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body' }] } });
  });
});

const queryFields = (r: RouteDef): string[] =>
  Object.keys((r.query as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
const paged = routes.map((r) => r as RouteDef).filter((r) => queryFields(r).includes('cursor'));

describe('cursors', () => {
  let companyId: number;
  /** the records of the admin's company that paged routes with a path parameter list from */
  const ids: Record<string, number> = {};
  /** real cursors: of the admin's audit log and contact names, and of another company's audit log */
  let auditCursor: string;
  let namesCursor: string;
  let foreignAuditCursor: string;
  /** another company's cursors of company-scoped lists, each with the address (and query) it was made for */
  const foreignCursors: { path: string; cursor: string }[] = [];
  let other: TestCompany;

  const firstCursor = async (client: ApiClient, path: string): Promise<string> => {
    const res = await client.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(typeof res.body.nextCursor, `${path}: ${JSON.stringify(res.body)}`).toBe('string');
    return res.body.nextCursor as string;
  };

  beforeAll(async () => {
    companyId = (await admin.get('/auth/me')).body.companyId;
    const visitor = await new Visitor(runtime, runtime.seed.webchatToken!).start('Cursor Visitor');
    await visitor.say('hello');
    ids.ticket = (await admin.get('/tickets?status=pending')).body.tickets[0].id;
    ids.tag = (await admin.post('/tags', { name: 'Cursor tag' })).body.id;
    const colleague = await createUser(companyId, {
      name: 'Cursor colleague',
      email: 'cursor-colleague@example.com',
      password: 'pass-12345',
    });
    ids.chat = (await admin.post('/chats', { title: 'Cursor chat', users: [{ id: colleague.id }] })).body.id;
    const list = await admin.post('/contact-lists', { name: 'Cursor list' });
    const cloud = await admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Cursor number', ...CLOUD });
    expect(cloud.status, JSON.stringify(cloud.body)).toBe(201);
    const connectionId = cloud.body.id;
    const campaign = await admin.post('/campaigns', {
      name: 'Cursor campaign',
      whatsappId: connectionId,
      contactListId: list.body.id,
      message1: 'hi',
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    ids.campaign = campaign.body.id;
    expect((await admin.post('/contacts', { name: 'Cursor contact', number: '5511977770000' })).status).toBe(201);
    auditCursor = await firstCursor(admin, '/audit-logs?limit=1');
    namesCursor = await firstCursor(admin, '/contacts/list?limit=1');
    other = await signupCompany(runtime);
    for (const name of ['Foreign tag 1', 'Foreign tag 2']) expect((await other.admin.post('/tags', { name })).status).toBe(201);
    foreignAuditCursor = await firstCursor(other.admin, '/audit-logs?limit=1');
    for (const name of ['Foreign visitor 1', 'Foreign visitor 2']) {
      await (await new Visitor(runtime, other.webchatToken).start(name)).say('hello');
    }
    for (let n = 0; n < 11; n++) {
      const number = `55119666600${String(n).padStart(2, '0')}`;
      expect((await other.admin.post('/contacts', { name: `Foreign contact ${n}`, number })).status).toBe(201);
    }
    for (const path of ['/tickets?status=pending&limit=1', '/contacts?rowsPerPage=10', '/contacts/list?limit=1']) {
      foreignCursors.push({ path, cursor: await firstCursor(other.admin, path) });
    }
  });

  const idOf: Record<string, keyof typeof ids> = {
    'messages.list': 'ticket',
    'tags.contacts': 'tag',
    'chats.messages': 'chat',
    'campaigns.shipping': 'campaign',
  };

  it('cover every paged route, and the real cursors open on their own list', async () => {
    expect(paged.map((r) => r.id).sort()).toEqual(
      expect.arrayContaining(['audit.list', 'companies.list', 'connections.all', 'tickets.list', 'users.list']),
    );
    expect((await admin.get(`/audit-logs?limit=1&cursor=${auditCursor}`)).status).toBe(200);
    expect((await admin.get(`/contacts/list?limit=1&cursor=${namesCursor}`)).status).toBe(200);
  });

  it.each(paged.map((r) => [r.id, r] as const))(
    '%s: a forged cursor, or one of another list or company, answers 400 on query.cursor and writes nothing',
    async (_id, route) => {
      const path = route.path.replace(/\{(\w+)\}/g, () => {
        const name = idOf[route.id];
        expect(name, `no record for ${route.id}'s path: add one above`).toBeDefined();
        return String(ids[name!]);
      });
      // the old, readable form: a table key the caller wrote itself
      const forged = Buffer.from(
        JSON.stringify({ pk: `C#${companyId}`, sk: 'U#0000000001', gsi1pk: `C#${companyId}#USERS`, gsi1sk: 'a' }),
      ).toString('base64url');
      const otherList = route.id === 'audit.list' ? namesCursor : auditCursor;
      const before = await snapshot();
      for (const [kind, cursor] of [
        ['forged', forged],
        ['another list', otherList],
        ['another company', foreignAuditCursor],
      ] as const) {
        const res = await admin.request(route.method, `${path}?cursor=${encodeURIComponent(cursor)}`);
        const where = `${route.method} ${path} with a cursor of ${kind}: ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, where).toBe(400);
        expect(res.body.error, where).toBe('ERR_VALIDATION');
        expect(
          res.body.fields.map((f: { path: string }) => f.path),
          where,
        ).toEqual(['query.cursor']);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it("refuses another company's cursor of the very same list and query with 400 on query.cursor", async () => {
    expect(foreignCursors.map((c) => c.path.split('?')[0])).toEqual(['/tickets', '/contacts', '/contacts/list']);
    for (const { path, cursor } of foreignCursors) {
      const address = `${path}&cursor=${encodeURIComponent(cursor)}`;
      const own = await other.admin.get(address);
      expect(own.status, `${path} for its own company: ${JSON.stringify(own.body)}`).toBe(200);
      const res = await admin.get(address);
      const where = `${path} with another company's cursor: ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, where).toBe(400);
      expect(res.body.error, where).toBe('ERR_VALIDATION');
      expect(
        res.body.fields.map((f: { path: string }) => f.path),
        where,
      ).toEqual(['query.cursor']);
    }
  });
});
