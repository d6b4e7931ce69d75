import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;
let agent: { client: ApiClient; id: number };

interface Reply {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
  userId: number;
  isMedia: boolean;
  mediaName: string | null;
  mediaUrl: string | null;
}

const create = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/quick-messages', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Reply;
};

const shortcodesOf = (records: Reply[]) => records.map((r) => r.shortcode);

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Quick Co');
  agent = await addAgent(runtime, company);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('create and read', () => {
  it('creates a reply (201) owned by the caller, active and unshared by default', async () => {
    const reply = await create(company.admin, { shortcode: 'hello', message: 'Hello, how can I help?' });
    expect(reply).toMatchObject({
      shortcode: 'hello',
      message: 'Hello, how can I help?',
      geral: false,
      visao: true,
      userId: company.adminId,
      isMedia: false,
      mediaName: null,
      mediaUrl: null,
    });
    expect((await company.admin.get(`/quick-messages/${reply.id}`)).body).toEqual(reply);
  });

  it('requires a shortcode ("Requerido") and writes nothing on bad input', async () => {
    expect(await company.admin.post('/quick-messages', { message: 'no code' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
    expect(fieldsOf((await company.admin.post('/quick-messages', { message: 'no code' })).body)).toEqual({
      'body.shortcode': 'Requerido',
    });
    expect(fieldsOf((await company.admin.post('/quick-messages', { shortcode: '   ' })).body)).toEqual({
      'body.shortcode': 'Requerido',
    });
    expect(fieldsOf((await company.admin.post('/quick-messages', { shortcode: 'x', geral: 'yes' })).body)).toHaveProperty(
      'body.geral',
    );
    // the shared option exists only while the reply is active
    expect(
      fieldsOf((await company.admin.post('/quick-messages', { shortcode: 'hidden-shared', geral: true, visao: false })).body),
    ).toHaveProperty('body.geral');
    const all = (await company.admin.get('/quick-messages?searchParam=hidden')).body.records as Reply[];
    expect(all).toEqual([]);
  });

  it('refuses a shortcode the company already has, in any letter case, with ERR_DUPLICATED_SHORTCODE', async () => {
    await create(company.admin, { shortcode: 'Bye', message: 'Goodbye' });
    expect(await company.admin.post('/quick-messages', { shortcode: 'bye' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_DUPLICATED_SHORTCODE' },
    });
    const other = await signupCompany(runtime, 'Other Quick Co');
    expect((await other.admin.post('/quick-messages', { shortcode: 'bye' })).status).toBe(201);
  });
});

describe('list', () => {
  it('pages the company’s replies in shortcode order and searches by shortcode prefix', async () => {
    const local = await signupCompany(runtime, 'Paging Co');
    for (let i = 0; i < 23; i++) await create(local.admin, { shortcode: `p${String(i).padStart(2, '0')}`, message: `Text ${i}` });
    await create(local.admin, { shortcode: 'zeta', message: 'Last one' });
    const first = await local.admin.get('/quick-messages?pageNumber=1');
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(shortcodesOf(first.body.records)).toEqual(Array.from({ length: 20 }, (_, i) => `p${String(i).padStart(2, '0')}`));
    const second = await local.admin.get('/quick-messages?pageNumber=2');
    expect(second.body).toMatchObject({ hasMore: false });
    expect(shortcodesOf(second.body.records)).toEqual(['p20', 'p21', 'p22', 'zeta']);
    const searched = await local.admin.get('/quick-messages?searchParam=P1&pageNumber=1');
    expect(shortcodesOf(searched.body.records)).toEqual(['p10', 'p11', 'p12', 'p13', 'p14', 'p15', 'p16', 'p17', 'p18', 'p19']);
    expect(searched.body.hasMore).toBe(false);
    expect((await local.admin.get('/quick-messages?pageNumber=0')).status).toBe(400);
  });
});

describe('update and delete', () => {
  it('updates the text, shortcode and sharing of one’s own reply', async () => {
    const reply = await create(company.admin, { shortcode: 'edit-me', message: 'Before' });
    const res = await company.admin.put(`/quick-messages/${reply.id}`, {
      shortcode: 'edited',
      message: 'After',
      geral: true,
      visao: true,
    });
    expect(res).toMatchObject({ status: 200, body: { id: reply.id, shortcode: 'edited', message: 'After', geral: true } });
    // the old shortcode is free again, the new one is taken
    await create(company.admin, { shortcode: 'edit-me', message: 'Reused' });
    expect((await company.admin.put(`/quick-messages/${reply.id}`, { shortcode: 'HELLO', message: 'x' })).body.error).toBe(
      'ERR_DUPLICATED_SHORTCODE',
    );
    expect((await company.admin.get(`/quick-messages/${reply.id}`)).body).toMatchObject({
      shortcode: 'edited',
      message: 'After',
    });
    expect(fieldsOf((await company.admin.put(`/quick-messages/${reply.id}`, { message: 'no code' })).body)).toEqual({
      'body.shortcode': 'Requerido',
    });
  });

  it('deletes a reply; it is gone afterwards (404)', async () => {
    const reply = await create(company.admin, { shortcode: 'gone', message: 'Soon gone' });
    expect(await company.admin.delete(`/quick-messages/${reply.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await company.admin.get(`/quick-messages/${reply.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
    expect((await company.admin.delete(`/quick-messages/${reply.id}`)).status).toBe(404);
    await create(company.admin, { shortcode: 'gone', message: 'The shortcode is free again' });
  });

  it('keeps another user’s unshared reply read-only (403 ERR_NO_PERMISSION) while a shared one is editable', async () => {
    const mine = await create(agent.client, { shortcode: 'agent-private', message: 'Agent only' });
    const shared = await create(agent.client, { shortcode: 'agent-shared', message: 'For everyone', geral: true });
    expect((await company.admin.get(`/quick-messages/${mine.id}`)).body).toMatchObject({ message: 'Agent only' });
    expect(
      await company.admin.put(`/quick-messages/${mine.id}`, { shortcode: 'agent-private', message: 'Hijacked' }),
    ).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await company.admin.delete(`/quick-messages/${mine.id}`)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(
      (await company.admin.post(`/quick-messages/${mine.id}/media-upload`, { name: 'a.png', mimeType: 'image/png', size: 3 }))
        .status,
    ).toBe(403);
    expect((await company.admin.delete(`/quick-messages/${mine.id}/media-upload`)).status).toBe(403);
    expect((await company.admin.get(`/quick-messages/${mine.id}`)).body).toMatchObject({ message: 'Agent only' });
    expect(
      (await company.admin.put(`/quick-messages/${shared.id}`, { shortcode: 'agent-shared', message: 'Improved', geral: true }))
        .body,
    ).toMatchObject({ message: 'Improved' });
  });

  it('answers 404 for another company’s reply and changes nothing', async () => {
    const other = await signupCompany(runtime, 'Stranger Quick Co');
    // ids are numbered per company: give the stranger a reply whose id this company has not used
    const newest = await create(company.admin, { shortcode: 'newest', message: 'Ours' });
    let foreign = await create(other.admin, { shortcode: 'foreign-0', message: 'Not yours', geral: true });
    for (let i = 1; foreign.id <= newest.id; i++)
      foreign = await create(other.admin, { shortcode: `foreign-${i}`, message: 'Not yours', geral: true });
    expect(await company.admin.get(`/quick-messages/${foreign.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
    expect(
      (await company.admin.put(`/quick-messages/${foreign.id}`, { shortcode: 'taken-over', message: 'Mine now', geral: true }))
        .status,
    ).toBe(404);
    expect(
      (await company.admin.post(`/quick-messages/${foreign.id}/media-upload`, { name: 'a.png', mimeType: 'image/png', size: 3 }))
        .status,
    ).toBe(404);
    expect((await company.admin.delete(`/quick-messages/${foreign.id}/media-upload`)).status).toBe(404);
    expect((await company.admin.delete(`/quick-messages/${foreign.id}`)).status).toBe(404);
    expect((await other.admin.get(`/quick-messages/${foreign.id}`)).body).toEqual(foreign);
    expect(shortcodesOf((await company.admin.get('/quick-messages/list?shortcode=foreign')).body)).toEqual([]);
  });
});

describe('picker', () => {
  it('offers the caller’s own replies and the shared active ones, filtered by shortcode prefix', async () => {
    const local = await signupCompany(runtime, 'Picker Co');
    const colleague = await addAgent(runtime, local);
    await create(local.admin, { shortcode: 'own-inactive', message: 'Mine, paused', visao: false });
    await create(local.admin, { shortcode: 'own-active', message: 'Mine' });
    await create(colleague.client, { shortcode: 'col-private', message: 'Colleague only' });
    await create(colleague.client, { shortcode: 'col-shared', message: 'Colleague shares', geral: true });
    await create(colleague.client, { shortcode: 'col-paused', message: 'Colleague paused', visao: false });

    const forAdmin = (await local.admin.get('/quick-messages/list')).body as Reply[];
    expect(shortcodesOf(forAdmin)).toEqual(['col-shared', 'own-active', 'own-inactive']);
    const filtered = (await local.admin.get('/quick-messages/list?shortcode=OWN-A')).body as Reply[];
    expect(shortcodesOf(filtered)).toEqual(['own-active']);
    const forColleague = (await colleague.client.get('/quick-messages/list?shortcode=col')).body as Reply[];
    expect(shortcodesOf(forColleague)).toEqual(['col-paused', 'col-private', 'col-shared']);
    // the page list still shows every reply of the company
    const page = (await local.admin.get('/quick-messages')).body.records as Reply[];
    expect(page).toHaveLength(5);
  });
});

describe('realtime', () => {
  it('pushes company-<id>-quickemessage with create, update and delete to the company’s agents', async () => {
    const socket = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);
    try {
      const reply = await create(company.admin, { shortcode: 'live', message: 'Live one', geral: true });
      const event = `company-${company.companyId}-quickemessage`;
      expect((await socket.waitFor((f) => f.event === event && f.data.action === 'create')).data).toEqual({
        action: 'create',
        record: reply,
      });
      await company.admin.put(`/quick-messages/${reply.id}`, { shortcode: 'live', message: 'Live two', geral: true });
      expect((await socket.waitFor((f) => f.event === event && f.data.action === 'update')).data.record).toMatchObject({
        id: reply.id,
        message: 'Live two',
      });
      await company.admin.delete(`/quick-messages/${reply.id}`);
      expect((await socket.waitFor((f) => f.event === event && f.data.action === 'delete')).data).toEqual({
        action: 'delete',
        id: reply.id,
      });
    } finally {
      await socket.close();
    }
  });
});

describe('media', () => {
  it('attaches a file through the upload address, serves it, and removes it again', async () => {
    const reply = await create(company.admin, { shortcode: 'with-file', message: 'See the file' });
    const bytes = Buffer.from('%PDF-1.4 quick reply attachment');
    const target = await company.admin.post(`/quick-messages/${reply.id}/media-upload`, {
      name: 'price list.pdf',
      mimeType: 'application/pdf',
      size: bytes.length,
    });
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    expect(target.body.quickMessage).toMatchObject({ id: reply.id, isMedia: true, mediaName: 'price list.pdf' });
    const put = await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: bytes });
    expect(put.status).toBe(200);

    const shown = (await company.admin.get(`/quick-messages/${reply.id}`)).body as Reply;
    expect(shown).toMatchObject({ isMedia: true, mediaName: 'price list.pdf', message: 'See the file' });
    const file = await fetch(`${runtime.url}${shown.mediaUrl}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);

    const removed = await company.admin.delete(`/quick-messages/${reply.id}/media-upload`);
    expect(removed).toMatchObject({
      status: 200,
      body: { id: reply.id, isMedia: false, mediaName: null, mediaUrl: null, message: 'See the file' },
    });
    expect((await company.admin.get(`/quick-messages/${reply.id}`)).body).toMatchObject({ isMedia: false, mediaName: null });
  });

  it('refuses a media description without a name or size (400) and changes nothing', async () => {
    const reply = await create(company.admin, { shortcode: 'no-file', message: 'Plain' });
    const res = await company.admin.post(`/quick-messages/${reply.id}/media-upload`, { mimeType: 'image/png', size: 0 });
    expect(res.status).toBe(400);
    expect(Object.keys(fieldsOf(res.body)).sort()).toEqual(['body.name', 'body.size']);
    expect((await company.admin.get(`/quick-messages/${reply.id}`)).body).toMatchObject({ isMedia: false, mediaName: null });
  });
});
