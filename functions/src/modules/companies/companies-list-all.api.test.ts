import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signInSuperUser, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let root: ApiClient;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  root = await signInSuperUser(runtime);
  company = await signupCompany(runtime, 'Lista Um');
  other = await signupCompany(runtime, 'Lista Dois');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('GET /companies/list', () => {
  it('gives the super user every company in id order, a cursor continuing the page', async () => {
    const first = await root.get('/companies/list?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    const rest = await root.get(`/companies/list?limit=100&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    const all = [...first.body.companies, ...rest.body.companies] as { id: number; name: string }[];
    expect(all.map((c) => c.id)).toEqual([...all.map((c) => c.id)].sort((a, b) => a - b));
    expect(all.map((c) => c.name)).toEqual(expect.arrayContaining(['Lista Um', 'Lista Dois']));
    expect(all.find((c) => c.id === company.companyId)).toEqual({
      id: company.companyId,
      name: 'Lista Um',
      planId: 1,
      status: true,
      dueDate: expect.any(String),
    });
  });

  it("gives a company's admin and users their own company only (server reference 9.2)", async () => {
    const agent = await addAgent(runtime, company);
    for (const client of [company.admin, agent.client]) {
      const res = await client.get('/companies/list');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        companies: [{ id: company.companyId, name: 'Lista Um', planId: 1, status: true, dueDate: expect.any(String) }],
        hasMore: false,
        nextCursor: null,
      });
    }
    expect(JSON.stringify((await other.admin.get('/companies/list')).body)).not.toContain('Lista Um');
  });

  it('refuses a cursor to anyone but the super user, whose list has one page, with 400 on query.cursor', async () => {
    const page = await root.get('/companies/list?limit=1');
    const res = await company.admin.get(`/companies/list?cursor=${encodeURIComponent(page.body.nextCursor)}`);
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.cursor']);
  });
});
