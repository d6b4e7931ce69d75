import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Filter Co');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('GET /whatsapp/filter', () => {
  it("lists the company's connections of the channel asked for, as the list shows them", async () => {
    const second = await company.admin.post('/whatsapp', { channel: 'webchat', name: 'Site 2' });
    expect(second.status).toBe(201);
    const all = (await company.admin.get('/whatsapp')).body as { id: number; channel: string }[];
    const webchats = await company.admin.get('/whatsapp/filter?session=0&channel=webchat');
    expect(webchats.status).toBe(200);
    expect(webchats.body).toEqual(all.filter((c) => c.channel === 'webchat'));
    expect(webchats.body.map((c: { id: number }) => c.id)).toEqual([company.connectionId, second.body.id]);
    expect((await company.admin.get('/whatsapp/filter?channel=whatsapp')).body).toEqual([]);
    expect((await company.admin.get('/whatsapp/filter')).body).toEqual(all);
  });

  it("is any user's, as the list is, and names a channel it does not know", async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.get('/whatsapp/filter?channel=webchat')).status).toBe(200);
    const bad = await agent.client.get('/whatsapp/filter?channel=telegram');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.channel']);
  });

  it("never shows another company's connections", async () => {
    const other = await signupCompany(runtime, 'Filter Other Co');
    const res = await other.admin.get('/whatsapp/filter?channel=webchat');
    expect(res.body.map((c: { id: number; name: string }) => c.name)).not.toContain('Site 2');
    expect(res.body).toHaveLength(1);
  });
});
