import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signInSuperUser, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { HELP_PAGE_SIZE } from '@switchboard/shared/contracts/helps';

let runtime: Runtime;
let root: ApiClient;

beforeAll(async () => {
  runtime = await startApi();
  root = await signInSuperUser(runtime);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('GET /helps', () => {
  it('pages the help entries by pageNumber, with their count', async () => {
    const total = HELP_PAGE_SIZE + 3;
    for (let i = 1; i <= total; i++)
      expect((await root.post('/helps', { title: `Vídeo ${i}`, video: `code${i}` })).status).toBe(201);
    const first = await root.get('/helps');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: total, hasMore: true });
    expect(first.body.records).toHaveLength(HELP_PAGE_SIZE);
    const second = await root.get('/helps?pageNumber=2');
    expect(second.body).toMatchObject({ count: total, hasMore: false });
    expect(second.body.records.map((h: { title: string }) => h.title)).toEqual([
      `Vídeo ${total - 2}`,
      `Vídeo ${total - 1}`,
      `Vídeo ${total}`,
    ]);
    expect((await root.get('/helps?pageNumber=3')).body).toEqual({ records: [], count: total, hasMore: false });
  });

  it('searches titles and descriptions, in any case', async () => {
    await root.post('/helps', { title: 'Conectar o WhatsApp', video: 'wa1', description: 'Leia o QR code' });
    await root.post('/helps', { title: 'Filas', video: 'q1', description: 'Como criar filas de WhatsApp' });
    const found = await root.get(`/helps?searchParam=${encodeURIComponent('WHATSAPP')}`);
    expect(found.body.records.map((h: { title: string }) => h.title)).toEqual(['Conectar o WhatsApp', 'Filas']);
    expect(found.body.count).toBe(2);
    expect((await root.get('/helps?searchParam=qr%20code')).body.records.map((h: { title: string }) => h.title)).toEqual([
      'Conectar o WhatsApp',
    ]);
  });

  it('is read by any signed-in user, as /helps/list is, and refuses a bad page number naming it', async () => {
    const company = await signupCompany(runtime, 'Help Reader Co');
    const agent = await addAgent(runtime, company);
    const res = await agent.client.get('/helps?searchParam=filas');
    expect(res.status).toBe(200);
    expect(res.body.records.map((h: { title: string }) => h.title)).toEqual(['Filas']);
    const bad = await agent.client.get('/helps?pageNumber=0');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path)).toEqual(['query.pageNumber']);
  });
});
