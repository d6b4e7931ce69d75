import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, fieldsOf, signInSuperUser, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let root: ApiClient;
let company: TestCompany;
let agent: { client: ApiClient };

const planInput = {
  name: 'Plano Bronze',
  users: 2,
  connections: 2,
  queues: 1,
  amount: '49.9',
  isPublic: false,
  trialDays: 5,
  useWhatsapp: true,
  useFacebook: false,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: false,
  useInternalChat: true,
  useExternalApi: false,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: true,
};

beforeAll(async () => {
  runtime = await startApi();
  root = await signInSuperUser(runtime);
  company = await signupCompany(runtime, 'Plans Co');
  agent = await addAgent(runtime, company);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('plans of the super user', () => {
  it('creates a plan with every flag and limit, shows, lists, changes and deletes it', async () => {
    const created = await root.post('/plans', planInput);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...planInput, amount: '49.90' });
    const id = created.body.id;
    expect((await root.get(`/plans/${id}`)).body.name).toBe('Plano Bronze');
    const all = await root.get('/plans/all');
    expect(all.body.map((p: { id: number }) => p.id)).toContain(id);
    // not public: the signup list leaves it out
    expect((await new ApiClient(runtime.url).get('/plans/list')).body.map((p: { id: number }) => p.id)).not.toContain(id);
    const changed = await root.put(`/plans/${id}`, {
      ...planInput,
      name: 'Plano Prata',
      isPublic: true,
      useFacebook: true,
      amount: 99,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Plano Prata', isPublic: true, useFacebook: true, amount: '99.00' });
    expect((await new ApiClient(runtime.url).get('/plans/list')).body.map((p: { id: number }) => p.id)).toContain(id);
    expect((await root.delete(`/plans/${id}`)).status).toBe(200);
    expect((await root.get(`/plans/${id}`)).status).toBe(404);
    expect((await root.put(`/plans/${id}`, planInput)).status).toBe(404);
    expect((await root.delete(`/plans/${id}`)).status).toBe(404);
  });

  it('refuses a plan without a name, with negative limits or a malformed value, naming the fields', async () => {
    const bad = await root.post('/plans', { ...planInput, name: 'x', users: -1, amount: 'abc' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toMatchObject({
      'body.name': 'Too Short!',
      'body.users': expect.any(String),
      'body.amount': 'Invalid value',
    });
    const missing = await root.post('/plans', {});
    expect(Object.keys(fieldsOf(missing.body))).toEqual(
      expect.arrayContaining(['body.name', 'body.users', 'body.connections', 'body.queues']),
    );
  });

  it('keeps a plan that companies use', async () => {
    const res = await root.delete('/plans/1');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('ERR_PLAN_IN_USE');
  });

  it("refuses the plans' administration to a company admin and to a user (403)", async () => {
    for (const client of [company.admin, agent.client]) {
      expect((await client.get('/plans/all')).status).toBe(403);
      expect((await client.get('/plans/1')).status).toBe(403);
      expect((await client.post('/plans', planInput)).status).toBe(403);
      expect((await client.put('/plans/1', planInput)).status).toBe(403);
      expect((await client.delete('/plans/1')).status).toBe(403);
    }
    expect((await root.get('/plans/1')).body.name).toBe('Plano Completo');
  });
});

describe('plan limits (server reference 9.3)', () => {
  it('refuses to create users, connections and queues beyond the plan, on create only', async () => {
    const small = await root.post('/plans', { ...planInput, name: 'Plano Mínimo', users: 1, connections: 1, queues: 1 });
    const created = await root.post('/companies', {
      name: 'Limited Co',
      email: `limited${Date.now()}@example.com`,
      planId: small.body.id,
      password: 'pass-12345',
    });
    expect(created.status).toBe(201);
    const admin = new ApiClient(runtime.url);
    expect((await admin.login(created.body.email, 'pass-12345')).status).toBe(200);
    // the new company has its admin, a queue and a web chat connection: each limit is reached
    const user = await admin.post('/users', {
      name: 'One too many',
      email: `over${Date.now()}@example.com`,
      password: 'pass-12345',
    });
    expect(user.status).toBe(400);
    expect(user.body.error).toBe('ERR_USER_LIMIT_REACHED');
    const queue = await admin.post('/queue', { name: 'Second queue', color: '#123456', greetingMessage: 'Hi' });
    expect(queue.body.error).toBe('ERR_QUEUE_LIMIT_REACHED');
    const connection = await admin.post('/whatsapp', { channel: 'webchat', name: 'Second chat' });
    expect(connection.body.error).toBe('ERR_CONNECTION_LIMIT_REACHED');
    // raising the plan's limits lets them through
    await root.put(`/plans/${small.body.id}`, { ...planInput, name: 'Plano Mínimo', users: 5, connections: 5, queues: 5 });
    expect((await admin.post('/queue', { name: 'Second queue', color: '#123456', greetingMessage: 'Hi' })).status).toBe(201);
  });
});
