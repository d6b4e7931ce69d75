import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInSuperUser, startApi } from '../../../../test/api.ts';
import { addQueue, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Audited Co');
  other = await signupCompany(runtime, 'Other Audited Co');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('the audit log', () => {
  it("shows who changed which user, queue and setting, and when, to the company's admins", async () => {
    const agent = await addAgent(runtime, company, {}, 'Agente Auditado');
    const before = new Date().toISOString();
    expect((await company.admin.put(`/users/${agent.id}`, { name: 'Agente Renomeado' })).status).toBe(200);
    const queue = await addQueue(company.admin, { name: 'Suporte', color: '#0a0b0c', greetingMessage: 'Olá' });
    expect(
      (await company.admin.put(`/queue/${queue.body.id}`, { name: 'Suporte N2', color: '#0a0b0c', greetingMessage: 'Olá' }))
        .status,
    ).toBe(200);
    expect((await company.admin.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);

    const log = await company.admin.get('/audit-logs?limit=10');
    expect(log.status).toBe(200);
    const owner = { id: company.adminId, name: 'Owner' };
    expect(
      log.body.entries.map((e: { entity: string; action: string; targetName: string | null }) => [
        e.entity,
        e.action,
        e.targetName,
      ]),
    ).toEqual([
      ['setting', 'update', null],
      ['queue', 'update', 'Suporte N2'],
      ['queue', 'create', 'Suporte'],
      ['user', 'update', 'Agente Renomeado'],
    ]);
    for (const entry of log.body.entries) {
      expect(entry.actor).toEqual(owner);
      expect(entry.at >= before && entry.at <= new Date().toISOString()).toBe(true);
    }
    expect(log.body.entries[0]).toMatchObject({ targetId: 'userRating', fields: ['userRating'] });
    expect(log.body.entries[3]).toMatchObject({ targetId: String(agent.id) });

    const firstPage = await company.admin.get('/audit-logs?limit=3');
    expect(firstPage.body).toMatchObject({ hasMore: true });
    const rest = await company.admin.get(`/audit-logs?limit=3&cursor=${firstPage.body.nextCursor}`);
    expect(rest.body.entries.map((e: { entity: string }) => e.entity)).toEqual(['user']);
  });

  it("keeps a company's log from other companies and from profile users", async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.get('/audit-logs')).status).toBe(403);

    const othersLog = await other.admin.get('/audit-logs');
    expect(othersLog.status).toBe(200);
    expect(JSON.stringify(othersLog.body)).not.toMatch(/Suporte|Agente|userRating/);
    // naming the company is the super user's privilege
    expect((await other.admin.get(`/audit-logs?companyId=${company.companyId}`)).status).toBe(403);
  });

  it("lets the super user read any company's log", async () => {
    const root = await signInSuperUser(runtime);
    const log = await root.get(`/audit-logs?companyId=${company.companyId}&limit=50`);
    expect(log.status).toBe(200);
    expect(log.body.entries.some((e: { targetName: string | null }) => e.targetName === 'Suporte N2')).toBe(true);
  });

  it("logs the super user's plan and company changes in the platform's log and the company's", async () => {
    const root = await signInSuperUser(runtime);
    const existing = (await root.get('/plans/list')).body[0];
    const { id: _id, ...fields } = existing;
    const plan = await root.post('/plans', { ...fields, name: `Plano Auditado ${Date.now()}`, isPublic: false });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const renamed = await root.put(`/companies/${company.companyId}`, { name: 'Audited Co Renamed' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const platform = (await root.get('/audit-logs?limit=50')).body.entries as {
      entity: string;
      action: string;
      targetName: string | null;
    }[];
    expect(platform).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity: 'plan', action: 'create', targetName: plan.body.name })]),
    );
    expect(platform).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'company', action: 'update', targetName: 'Audited Co Renamed' }),
      ]),
    );
    const own = (await company.admin.get('/audit-logs?limit=50')).body.entries as { entity: string }[];
    expect(own.some((e) => e.entity === 'company')).toBe(true);
  });

  it("logs a user's change of their own profile under their name, and nothing for changes the system makes", async () => {
    const agent = await addAgent(runtime, other);
    expect((await agent.client.put(`/users/${agent.id}`, { name: 'Meu Nome' })).status).toBe(200);
    const log = await other.admin.get('/audit-logs');
    expect(log.body.entries[0]).toMatchObject({
      entity: 'user',
      action: 'update',
      targetName: 'Meu Nome',
      actor: { id: agent.id, name: agent.name },
    });
    // a connection's session changing state is announced with no actor: not an administrative change
    await domainEvents.emit({
      name: 'connection.deleted',
      companyId: other.companyId,
      connectionId: 424242,
    });
    const after = await other.admin.get('/audit-logs');
    expect(after.body.entries).toEqual(log.body.entries);
  });
});
