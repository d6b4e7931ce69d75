import { channels } from '@switchboard/shared/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signInSuperUser, SocketProbe, startApi } from '../../../../test/api.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

/** The super user's companies table follows every company change live, over `platform-companies`, and no one else hears it. */
let runtime: Runtime;
let root: ApiClient;
let other: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  root = await signInSuperUser(runtime);
  other = await signupCompany(runtime, 'Bystander Co');
});
afterAll(async () => {
  await runtime?.stop();
});

const event = channels.platformCompanies();

describe('live companies table', () => {
  it('tells the super user of a company created, edited and deleted by another super user tab, and tells a company admin nothing', async () => {
    const superTab = await SocketProbe.open(runtime.url, `token=${root.token}`);
    const bystander = await SocketProbe.open(runtime.url, `token=${other.admin.token}`);
    try {
      const created = await root.post('/companies', {
        name: 'Live Co',
        email: `live${Date.now()}@example.com`,
        planId: 1,
        password: 'live-pass-1',
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      expect((await superTab.waitFor((f) => f.event === event && f.data.action === 'create')).data).toEqual({
        action: 'create',
        companyId: id,
      });

      expect((await root.put(`/companies/${id}`, { name: 'Live Co Renamed' })).status).toBe(200);
      expect((await superTab.waitFor((f) => f.event === event && f.data.action === 'update')).data).toEqual({
        action: 'update',
        companyId: id,
      });

      expect((await root.delete(`/companies/${id}`)).status).toBe(200);
      expect((await superTab.waitFor((f) => f.event === event && f.data.action === 'delete')).data).toEqual({
        action: 'delete',
        companyId: id,
      });

      // every frame for the table went to the super user alone
      expect(superTab.frames.filter((f) => f.event === event)).toHaveLength(3);
      expect(bystander.frames.filter((f) => f.event === event)).toEqual([]);
    } finally {
      await Promise.all([superTab.close(), bystander.close()]);
    }
  });
});
