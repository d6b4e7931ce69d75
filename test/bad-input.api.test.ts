/**
 * Bad input on every route of the route table: a body of the wrong shape, and path parameters of the wrong
 * kind, answer 400 naming the fields (or 404 for a parameter any text may be) and write nothing at all.
 * Routes added later are covered automatically.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { routes, type RouteDef } from '@switchboard/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '../functions/src/platform/table/client.ts';
import type { Runtime } from '../infra/local/runtime.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ApiClient, startApi } from './api.ts';

let runtime: Runtime;
let admin: ApiClient;

const snapshot = async () => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(new ScanCommand({ TableName: runtime.tableName, ExclusiveStartKey: startKey, ConsistentRead: true }));
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
  runtime = await startApi();
  admin = new ApiClient(runtime.url);
  expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await runtime?.stop();
});

const withBody = routes.filter((r) => (r as RouteDef).body !== undefined).map((r) => r as RouteDef);
const withQuery = routes.filter((r) => (r as RouteDef).query !== undefined).map((r) => r as RouteDef);
const withParams = routes.filter((r) => /\{\w+\}/.test(r.path)).map((r) => r as RouteDef);

/** Values that fit a path parameter's place but not its schema (the route itself must still match). */
const badParam = 'not%20valid%00';

describe('bad input', () => {
  it.each(withBody.map((r) => [r.id, r] as const))('%s: a body of the wrong shape answers 400 with fields and writes nothing', async (_id, route) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'.repeat(24)));
    const before = await snapshot();
    const res = await admin.request(route.method, path, '[1, "two"]');
    expect(res.status, `${route.method} ${path}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields.length).toBeGreaterThan(0);
    expect(res.body.fields.every((f: { path: string }) => f.path.startsWith('body') || f.path.startsWith('params'))).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it.each(withParams.map((r) => [r.id, r] as const))('%s: malformed path parameters answer 400 (or 404) and write nothing', async (_id, route) => {
    const path = route.path.replace(/\{\w+\}/g, badParam);
    const before = await snapshot();
    const res = await admin.request(route.method, path, route.body ? '{}' : undefined);
    expect([400, 404], `${route.method} ${path}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    if (res.status === 400) expect(res.body.fields?.length ?? 0).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  /** routes with a required query field: it is given well-formed while another field is tried malformed */
  const requiredQuery: Record<string, Record<string, string>> = { 'contact-lists.item-list': { contactListId: '1' } };

  it.each(withQuery.map((r) => [r.id, r] as const))('%s: malformed JSON in any query field answers 400 on that field, never 500', async (_id, route) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'.repeat(24)));
    const fields = Object.keys((route.query as unknown as { shape?: Record<string, unknown> }).shape ?? {});
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      for (const value of ['[', '{', '["open",', '[1,']) {
        const others = new URLSearchParams(Object.entries(requiredQuery[route.id] ?? {}).filter(([name]) => name !== field));
        const res = await admin.request(route.method, `${path}?${field}=${encodeURIComponent(value)}${String(others) ? `&${others}` : ''}`);
        const where = `${route.method} ${path}?${field}=${value}: ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status === 400 && res.body.error === 'ERR_VALIDATION') {
          expect(res.body.fields.map((f: { path: string }) => f.path), where).toContain(`query.${field}`);
        }
      }
    }
  });

  it('answers a malformed status filter with 400 on query.statusFilter', async () => {
    const res = await admin.request('GET', '/tickets?statusFilter=%5B');
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'query.statusFilter', message: 'Malformed JSON' }] } });
    expect((await admin.request('GET', '/tickets?statusFilter=%5B%22open%22%5D')).status).toBe(200);
    expect((await admin.request('GET', '/tickets?statusFilter=open,pending')).status).toBe(200);
  });

  it('answers malformed JSON with 400 on a body route', async () => {
    const res = await admin.request('POST', '/contacts', '{"name": ');
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body' }] } });
  });
});
