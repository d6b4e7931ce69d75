import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Users Co');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('users', () => {
  it('lets an admin add an agent to the company, who can sign in with the new-user defaults', async () => {
    const res = await company.admin.post('/users', { name: 'Nova Agente', email: 'nova@example.com', password: 'pass-12345', queueIds: [company.queueId] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Nova Agente', profile: 'user', queueIds: [company.queueId], allTicket: 'disable', startWork: '00:00', endWork: '23:59', userClosePendingTicket: 'enabled', defaultTheme: 'light', defaultMenu: 'open' });
    const agent = new ApiClient(runtime.url);
    const login = await agent.login('nova@example.com', 'pass-12345');
    expect(login.body.user.companyId).toBe(company.companyId);
    const search = await company.admin.get('/users?searchParam=NOVA');
    expect(search.body.users.map((u: { name: string }) => u.name)).toEqual(['Nova Agente']);
  });

  it('validates the form, refuses taken e-mails and unknown queues, and is for admins only', async () => {
    const bad = await company.admin.post('/users', { name: 'N', email: 'nope', password: '1' });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries(bad.body.fields.map((f: { path: string; message: string }) => [f.path, f.message]))).toEqual({
      'body.name': 'Too Short!',
      'body.email': 'Invalid email',
      'body.password': 'At least 8 characters',
    });
    expect((await company.admin.post('/users', { name: 'Dup', email: 'nova@example.com', password: 'pass-12345' })).body.error).toBe('ERR_DUPLICATED_EMAIL');
    const unknownQueue = await company.admin.post('/users', { name: 'Fila X', email: 'filax@example.com', password: 'pass-12345', queueIds: [999] });
    expect(unknownQueue).toMatchObject({ status: 400, body: { fields: [{ path: 'body.queueIds' }] } });
    const agent = await addAgent(runtime, company);
    expect((await agent.client.post('/users', { name: 'Intruso', email: 'intruso@example.com', password: 'pass-12345' })).status).toBe(403);
  });

  it('keeps the ticket pane width per user between 404 and 700 px, for the user themself only', async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.put(`/users/toggleChangeWidht/${agent.id}`, { defaultTicketsManagerWidth: 620 })).status).toBe(200);
    expect((await agent.client.get('/auth/me')).body.defaultTicketsManagerWidth).toBe(620);
    for (const width of [403, 701]) {
      const bad = await agent.client.put(`/users/toggleChangeWidht/${agent.id}`, { defaultTicketsManagerWidth: width });
      expect(bad).toMatchObject({ status: 400, body: { fields: [{ path: 'body.defaultTicketsManagerWidth' }] } });
    }
    expect((await agent.client.put(`/users/toggleChangeWidht/${company.adminId}`, { defaultTicketsManagerWidth: 500 })).status).toBe(404);
  });

  it("stops at the plan's user limit", async () => {
    const own = await signupCompany(runtime, 'Limit Co');
    const limit = ((await own.admin.get(`/companies/listPlan/${own.companyId}`)).body.plan.users as number);
    for (let i = 1; i < limit; i++) {
      expect((await own.admin.post('/users', { name: `Agente ${i}`, email: `limit${i}-${own.companyId}@example.com`, password: 'pass-12345' })).status).toBe(201);
    }
    const over = await own.admin.post('/users', { name: 'Um a mais', email: `over-${own.companyId}@example.com`, password: 'pass-12345' });
    expect(over).toMatchObject({ status: 400, body: { error: 'ERR_USER_LIMIT_REACHED', message: `maximum users reached: ${limit}` } });
  });
});
