/**
 * Tenant isolation, for every route in the route table: another company's admin calling a route with company
 * A's record ids gets 404 (or 403) and changes nothing of company A. Routes added later are covered
 * automatically: they fail here until test/isolation-fixtures.ts says how to address company A's records.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { buildPath, routes, type RouteDef } from '@switchboard/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '../functions/src/platform/table/client.ts';
import { createUser } from '../functions/src/modules/users/users.service.ts';
import type { Runtime } from '../infra/local/runtime.ts';
import { ApiClient, startApi } from './api.ts';
import { bodyFixtures, ownSessionRoutes, pathParamFixtures, publicRoutes, type TenantFixture } from './isolation-fixtures.ts';

let runtime: Runtime;
let companyA: TenantFixture;
let emailB: string;

const signup = async (email: string, companyName: string) => {
  const res = await new ApiClient(runtime.url).post('/auth/signup', {
    name: 'Owner',
    companyName,
    email,
    password: 'pass-12345',
    phone: '5511988887777',
    planId: 1,
  });
  expect(res.status).toBe(201);
  return res.body as { companyId: number; userId: number };
};

/** Every item that belongs to company A: its partition and anything carrying its company id. */
const itemsOfA = async () => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(new ScanCommand({ TableName: runtime.tableName, ExclusiveStartKey: startKey }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items
    .filter((i) => String(i.pk).startsWith(`C#${companyA.companyId}`) || i.companyId === companyA.companyId)
    .filter((i) => i.type !== 'wsConnection')
    .sort((x, y) => `${x.pk}${x.sk}`.localeCompare(`${y.pk}${y.sk}`));
};

beforeAll(async () => {
  runtime = await startApi();
  const a = await signup('owner-a@example.com', 'Company A');
  const agent = await createUser(a.companyId, { name: 'Agent A', email: 'agent-a@example.com', password: 'pass-12345' });
  companyA = { companyId: a.companyId, adminUserId: a.userId, agentUserId: agent.id };
  emailB = 'owner-b@example.com';
  await signup(emailB, 'Company B');
  // contacts and tags: company A's contact carrying company A's tag, made through the API
  const ownerA = new ApiClient(runtime.url);
  expect((await ownerA.login('owner-a@example.com', 'pass-12345')).status).toBe(200);
  const contact = await ownerA.post('/contacts', { name: 'Contact of A', number: '5511977776666' });
  const tag = await ownerA.post('/tags', { name: 'Tag of A' });
  expect([contact.status, tag.status]).toEqual([201, 201]);
  expect((await ownerA.post('/tags/sync', { contactId: contact.body.id, tags: [{ id: tag.body.id }] })).status).toBe(200);
  Object.assign(companyA, { contactId: contact.body.id, contactNumber: contact.body.number, tagId: tag.body.id });
});
afterAll(async () => {
  await runtime?.stop();
});

describe('tenant isolation', () => {
  it('lists every public route with the reason it needs no tenant', () => {
    const unlisted = routes.filter((r) => r.auth === 'public' && !publicRoutes[r.id]).map((r) => r.id);
    expect(unlisted).toEqual([]);
  });

  const authenticated = routes.filter((r) => r.auth === 'user');

  it.each(authenticated.map((r) => [r.id, r as RouteDef] as const))('%s: another company gets 404 or 403 and changes nothing', async (_id, route) => {
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      expect(ownSessionRoutes.has(route.id), `${route.id} takes no record id: list it in ownSessionRoutes or give it one`).toBe(true);
      return;
    }
    const params: Record<string, string | number> = {};
    for (const name of names) {
      const fixture = pathParamFixtures[`${route.id}:${name}`] ?? pathParamFixtures[`${route.module}:${name}`];
      expect(fixture, `no isolation fixture for ${route.id} parameter {${name}}: add one to test/isolation-fixtures.ts`).toBeDefined();
      params[name] = fixture!(companyA);
    }
    if (route.body) {
      expect(bodyFixtures[route.id], `no body fixture for ${route.id}: add one to test/isolation-fixtures.ts`).toBeDefined();
    }
    const before = await itemsOfA();
    const intruder = new ApiClient(runtime.url);
    expect((await intruder.login(emailB, 'pass-12345')).status).toBe(200);
    const res = await intruder.request(route.method, buildPath(route.path, params), route.body ? bodyFixtures[route.id] : undefined);
    expect([403, 404], `${route.method} ${route.path} answered ${res.status}: ${JSON.stringify(res.body)}`).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toContain('Company A');
    expect(await itemsOfA()).toEqual(before);
  });
});
