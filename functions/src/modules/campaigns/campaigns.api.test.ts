import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeSocketFactory } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { fieldsOf, startApi, SocketProbe } from '../../../../test/api.ts';
import { signupOnPlan, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { getSchedule } from '../../platform/ports/local/schedules.repository.ts';
import { CAMPAIGN_CHANNEL_REFUSED } from '@switchboard/shared/campaign-channels';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';
import { startJobName } from './campaign.entity.ts';

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;
let admin: TestCompany['admin'];
let listId: number;
/** the WhatsApp connection the campaigns go out through (a web chat cannot send them) */
let whatsappId: number;

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const base = () => ({
  name: 'Campanha de teste',
  contactListId: listId,
  whatsappId,
  message1: 'Olá {nome}',
});

const create = async (fields: Record<string, unknown>, client = admin) => {
  const res = await client.post('/campaigns', fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; status: string; editable: string; scheduledAt: string | null; stats: Record<string, number> };
};

beforeAll(async () => {
  // the sessions stay unpaired: these campaigns are never sent
  runtime = await startApi({ whatsappSocketFactory: new FakeSocketFactory().factory });
  company = await signupCompany(runtime, 'Campanhas API');
  other = await signupCompany(runtime, 'Outra Empresa');
  admin = company.admin;
  const connection = await admin.post('/whatsapp', { channel: 'whatsapp', name: 'Disparos' });
  expect(connection.status, JSON.stringify(connection.body)).toBe(201);
  whatsappId = connection.body.id;
  const list = await admin.post('/contact-lists', { name: 'Lista principal' });
  expect(list.status, JSON.stringify(list.body)).toBe(201);
  listId = list.body.id;
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

describe('campaign settings', () => {
  it('answers the spec’s defaults as key and value, saves a partial form and tells the admins live', async () => {
    const res = await admin.get('/campaign-settings');
    expect(res.status).toBe(200);
    const values = Object.fromEntries((res.body as { key: string; value: unknown }[]).map((e) => [e.key, e.value]));
    expect(values).toMatchObject({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      startHour: '09:00',
      endHour: '18:00',
      sabado: false,
      domingo: false,
      variables: [],
    });

    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    const saved = await admin.post('/campaign-settings', {
      settings: { messageInterval: 30, sabado: 'true', variables: [{ key: 'loja', value: 'Centro' }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const frame = await socket.waitFor((f) => f.event === `company-${company.companyId}-campaignSettings`);
    expect(frame.data.settings).toMatchObject({ messageInterval: 30, sabado: true, greaterInterval: 60 });
    await socket.close();
    const again = Object.fromEntries(
      ((await admin.get('/campaign-settings')).body as { key: string; value: unknown }[]).map((e) => [e.key, e.value]),
    );
    expect(again).toMatchObject({
      messageInterval: 30,
      sabado: true,
      variables: [{ key: 'loja', value: 'Centro' }],
      startHour: '09:00',
    });
    // the other company still has the defaults
    const theirs = Object.fromEntries(
      ((await other.admin.get('/campaign-settings')).body as { key: string; value: unknown }[]).map((e) => [e.key, e.value]),
    );
    expect(theirs.messageInterval).toBe(20);
  });

  it('refuses values outside the spec’s options and an end hour before the start, changing nothing', async () => {
    const bad = await admin.post('/campaign-settings', {
      settings: { messageInterval: 25, greaterInterval: 15, startHour: '18:00', endHour: '09:00' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldsOf(bad.body))).toEqual(
      expect.arrayContaining(['body.settings.messageInterval', 'body.settings.greaterInterval', 'body.settings.endHour']),
    );
    const dup = await admin.post('/campaign-settings', {
      settings: {
        variables: [
          { key: 'a', value: '1' },
          { key: 'A', value: '2' },
        ],
      },
    });
    expect(dup.status).toBe(400);
    const values = Object.fromEntries(
      ((await admin.get('/campaign-settings')).body as { key: string; value: unknown }[]).map((e) => [e.key, e.value]),
    );
    expect(values.messageInterval).toBe(30);
  });
});

describe('campaigns', () => {
  it('creates INATIVA with the spec’s defaults, or PROGRAMADA and armed for its date', async () => {
    const c = await create(base());
    expect(c).toMatchObject({
      status: 'INATIVA',
      openTicket: 'disabled',
      statusTicket: 'closed',
      confirmation: false,
      editable: 'all',
      contactList: { id: listId, name: 'Lista principal' },
    });
    const at = inHours(3);
    const scheduled = await create({ ...base(), scheduledAt: at });
    expect(scheduled.status).toBe('PROGRAMADA');
    const armed = await getSchedule(startJobName(company.companyId, scheduled.id));
    expect(armed?.at.toISOString()).toBe(at);
  });

  it('validates the form with the field named: name, connection, list or tag, queue with a user, a message', async () => {
    const res = await admin.post('/campaigns', { name: 'A' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)['body.name']).toBe('Too Short!');
    expect(fieldsOf(res.body)['body.whatsappId']).toBeDefined();
    // the form's cross-field rules, once the fields themselves are well formed
    const rules = await admin.post('/campaigns', {
      name: 'Sem lista',
      whatsappId,
      userId: company.adminId,
    });
    expect(rules.status).toBe(400);
    expect(fieldsOf(rules.body)).toMatchObject({
      'body.contactListId': 'Required',
      'body.queueId': 'Required',
      'body.message1': 'Required',
    });
    const confirmation = await admin.post('/campaigns', { ...base(), confirmation: true });
    expect(fieldsOf(confirmation.body)['body.confirmationMessage1']).toBe('Required');
    // a list or connection the company does not have is not found (ids are per company)
    expect((await admin.post('/campaigns', { ...base(), contactListId: 999_999 })).status).toBe(404);
    expect((await admin.post('/campaigns', { ...base(), whatsappId: 999_999 })).status).toBe(404);
  });

  it('refuses a web chat connection with the field named, since a web chat cannot write to anyone first', async () => {
    const before = (await admin.get('/campaigns')).body.records.length;
    const res = await admin.post('/campaigns', { ...base(), whatsappId: company.connectionId });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)['body.whatsappId']).toBe(CAMPAIGN_CHANNEL_REFUSED);
    expect((await admin.get('/campaigns')).body.records).toHaveLength(before);
    const mine = await create(base());
    expect((await admin.put(`/campaigns/${mine.id}`, { ...base(), whatsappId: company.connectionId })).status).toBe(400);
    expect((await admin.get(`/campaigns/${mine.id}`)).body.whatsappId).toBe(whatsappId);
    expect((await admin.delete(`/campaigns/${mine.id}`)).status).toBe(200);
  });

  it('lists 20 per page newest first with hasMore, searches by name, and keeps to the company', async () => {
    for (let i = 0; i < 21; i++) await create({ ...base(), name: `Paginada ${i}` });
    const first = await admin.get('/campaigns?pageNumber=1');
    expect(first.body.records).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records[0].name).toBe('Paginada 20');
    const found = await admin.get('/campaigns?searchParam=paginada%2020');
    expect(found.body.records.map((r: { name: string }) => r.name)).toEqual(['Paginada 20']);
    expect((await other.admin.get('/campaigns')).body.records).toHaveLength(0);
    const mine = first.body.records[0].id;
    expect((await other.admin.get(`/campaigns/${mine}`)).status).toBe(404);
    expect((await other.admin.put(`/campaigns/${mine}`, { ...base(), whatsappId: other.connectionId })).status).toBe(404);
    expect((await other.admin.delete(`/campaigns/${mine}`)).status).toBe(404);
    expect((await other.admin.post(`/campaigns/${mine}/cancel`)).status).toBe(404);
  });

  it('is editable while INATIVA or scheduled more than an hour ahead; then read-only', async () => {
    const c = await create({ ...base(), scheduledAt: inHours(2) });
    const edited = await admin.put(`/campaigns/${c.id}`, { ...base(), name: 'Renomeada', scheduledAt: inHours(70 / 60) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renomeada', status: 'PROGRAMADA', editable: 'all' });
    // fourteen minutes later the start is less than an hour away
    const later = Date.now() + 14 * 60_000;
    runtime.setClock({ at: later });
    const shown = await admin.get(`/campaigns/${c.id}`);
    expect(shown.body.editable).toBe('none');
    const refused = await admin.put(`/campaigns/${c.id}`, { ...base(), name: 'Tarde demais' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    runtime.setClock(undefined);
    expect((await admin.get(`/campaigns/${c.id}`)).body.name).toBe('Renomeada');
  });

  it('cancels a scheduled campaign, edits only its messages afterwards, and refuses transitions its status does not allow', async () => {
    const c = await create({ ...base(), scheduledAt: inHours(3) });
    expect((await admin.post(`/campaigns/${c.id}/restart`)).body.error).toBe('ERR_CAMPAIGN_INVALID_STATUS');
    const cancelled = await admin.post(`/campaigns/${c.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELADA', editable: 'messages' });
    expect(await getSchedule(startJobName(company.companyId, c.id))).toBeUndefined();
    expect((await admin.post(`/campaigns/${c.id}/cancel`)).status).toBe(409);
    const edited = await admin.put(`/campaigns/${c.id}`, {
      ...base(),
      name: 'Nome ignorado',
      message1: 'Texto novo',
      message2: 'Outro',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Campanha de teste',
      message1: 'Texto novo',
      message2: 'Outro',
      status: 'CANCELADA',
    });
    expect(
      (await admin.post(`/campaigns/${c.id}/media-upload`, { name: 'foto.png', mimeType: 'image/png', size: 100 })).status,
    ).toBe(409);
  });

  it('uploads and removes the attachment, its name with underscores for spaces', async () => {
    const c = await create(base());
    const up = await admin.post(`/campaigns/${c.id}/media-upload`, { name: 'minha foto.png', mimeType: 'image/png', size: 100 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.campaign.mediaName).toBe('minha_foto.png');
    expect(up.body.uploadUrl).toBeTruthy();
    const removed = await admin.delete(`/campaigns/${c.id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaName: null, mediaPath: null });
    expect(
      (await admin.post(`/campaigns/${c.id}/media-upload`, { name: 'x.exe', mimeType: 'application/x-msdownload', size: 100 }))
        .status,
    ).toBe(400);
  });

  it('deletes with the live event, and shows an empty report for a campaign never run', async () => {
    const c = await create(base());
    const report = await admin.get(`/campaigns/${c.id}`);
    expect(report.body).toMatchObject({ shipping: [], hasMoreShipping: false, stats: { valid: 0, delivered: 0, failed: 0 } });
    expect((await admin.get(`/campaigns/${c.id}/shipping?problems=true`)).body).toMatchObject({ shipping: [], hasMore: false });
    expect((await admin.get(`/campaigns/${c.id}/shipping?cursor=bad`)).status).toBe(400);
    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    expect((await admin.delete(`/campaigns/${c.id}`)).status).toBe(200);
    const frame = await socket.waitFor((f) => f.event === `company-${company.companyId}-campaign` && f.data.action === 'delete');
    expect(frame.data.id).toBe(c.id);
    await socket.close();
    expect((await admin.get(`/campaigns/${c.id}`)).status).toBe(404);
  });

  it('is an admin page of the campaigns plan feature', async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.get('/campaigns')).status).toBe(403);
    expect((await agent.client.get('/campaign-settings')).status).toBe(403);
    const plan = await addPlan({ ...defaultPlanInput, name: 'Sem campanhas', useCampaigns: false });
    expect((await admin.get('/campaigns')).status).toBe(200);
    const { admin: noCampaigns } = await signupOnPlan(runtime, plan.id, 'Sem plano');
    expect((await noCampaigns.get('/campaigns')).status).toBe(403);
  });

  it('refuses the campaign pages’ calls while the company has switched campaigns off, and only those', async () => {
    const own = await signupCompany(runtime, 'Campanhas desligadas');
    const list = await own.admin.post('/contact-lists', { name: 'Lista' });
    expect(list.status).toBe(201);
    const calls = () => [
      own.admin.get('/campaigns'),
      own.admin.post('/campaigns', { name: 'Nova', contactListId: list.body.id, whatsappId, message1: 'Olá' }),
      own.admin.get('/campaign-settings'),
      own.admin.get('/contact-lists'),
      own.admin.get(`/contact-lists/${list.body.id}`),
      own.admin.post('/contact-lists', { name: 'Outra' }),
    ];
    expect((await own.admin.put('/companySettings', { column: 'campaignsEnabled', data: 'disabled' })).status).toBe(200);
    for (const res of await Promise.all(calls())) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    // flows and the rest of the company's pages do not depend on the switch
    expect((await own.admin.get('/flowbuilder')).status).toBe(200);
    expect((await own.admin.get('/contacts')).status).toBe(200);
    expect((await admin.get('/campaigns')).status).toBe(200);

    expect((await own.admin.put('/companySettings', { column: 'campaignsEnabled', data: 'enabled' })).status).toBe(200);
    expect((await own.admin.get('/campaigns')).status).toBe(200);
    const back = await own.admin.get('/contact-lists');
    expect(back.status).toBe(200);
    expect(JSON.stringify(back.body)).toContain('Lista');
  });
});
