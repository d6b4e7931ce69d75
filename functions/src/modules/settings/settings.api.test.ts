import { companySettingsDefaults } from '@switchboard/shared/contracts/settings';
import { defaultWeek } from '@switchboard/shared/weekly-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, fieldsOf, signInSuperUser, SocketProbe, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;
let agent: { client: ApiClient; id: number };

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Settings Co');
  agent = await addAgent(runtime, company);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('company options', () => {
  it('lists every company option of a new company with its default, and reads one by key and all by company', async () => {
    const list = await company.admin.get('/settings');
    expect(list.status).toBe(200);
    // a zone never chosen reads as the server's TIME_ZONE (UTC in tests)
    const defaults = { ...companySettingsDefaults, timeZone: 'UTC' };
    expect(Object.fromEntries(list.body.map((s: { key: string; value: string }) => [s.key, s.value]))).toEqual(defaults);
    expect((await company.admin.get('/setting/scheduleType')).body).toEqual({ key: 'scheduleType', value: 'disabled' });
    expect((await company.admin.get(`/companySettings/${company.companyId}`)).body).toEqual(defaults);
    // the inbox's reads are any user's
    expect((await agent.client.get('/setting/requiredTag')).body).toEqual({ key: 'requiredTag', value: 'disabled' });
  });

  it('changes one column, and the caller and every user of the company read it on their next request', async () => {
    const res = await company.admin.put('/companySettings', { column: 'scheduleType', data: 'company' });
    expect(res.status).toBe(200);
    expect(res.body.scheduleType).toBe('company');
    expect((await company.admin.get('/auth/me')).body.company.settings.scheduleType).toBe('company');
    expect((await agent.client.get('/auth/me')).body.company.settings.scheduleType).toBe('company');
    expect((await company.admin.put('/settings/chatBotType', { value: 'list' })).body).toEqual({
      key: 'chatBotType',
      value: 'list',
    });
    expect((await company.admin.get('/setting/chatBotType')).body.value).toBe('list');
  });

  it("refuses a value outside the key's choices and an unknown key, naming the field", async () => {
    const bad = await company.admin.put('/companySettings', { column: 'scheduleType', data: 'weekly' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual({ 'body.data': 'One of disabled, company, queue, connection' });
    const notOnOff = await company.admin.put('/settings/userRating', { value: 'yes' });
    expect(fieldsOf(notOnOff.body)).toEqual({ 'body.value': 'One of enabled, disabled' });
    const unknown = await company.admin.put('/companySettings', { column: 'noSuchOption', data: 'enabled' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(fieldsOf(unknown.body))).toEqual(['body.column']);
    expect((await company.admin.get('/setting/noSuchOption')).status).toBe(400);
    const unknownInPatch = await company.admin.put('/settings', { userRating: 'enabled', noSuchOption: 'x' });
    expect(unknownInPatch.status).toBe(400);
    const tooLong = await company.admin.put('/settings', { lgpdLink: 'x'.repeat(501) });
    expect(fieldsOf(tooLong.body)).toEqual({ 'body.lgpdLink': 'At most 500 characters' });
    expect((await company.admin.get('/setting/userRating')).body.value).toBe('disabled');
  });

  it('requires the custom message of an option turned on, and takes both at once', async () => {
    for (const [option, message] of [
      ['sendMsgTransfTicket', 'transferMessage'],
      ['sendQueuePosition', 'sendQueuePositionMessage'],
    ] as const) {
      const alone = await company.admin.put('/companySettings', { column: option, data: 'enabled' });
      expect(alone.status).toBe(400);
      expect(fieldsOf(alone.body)).toEqual({ [message]: 'Required' });
      const both = await company.admin.put('/settings', { [option]: 'enabled', [message]: `Mensagem de ${option}` });
      expect(both.status).toBe(200);
      expect(both.body).toMatchObject({ [option]: 'enabled', [message]: `Mensagem de ${option}` });
      const emptied = await company.admin.put('/companySettings', { column: message, data: '  ' });
      expect(fieldsOf(emptied.body)).toEqual({ 'body.data': 'Required' });
    }
    // defaults that enable an option without a message do not block other changes, only a change of that pair
    expect((await company.admin.put('/companySettings', { column: 'userRating', data: 'enabled' })).status).toBe(200);
    const greeting = await company.admin.put('/settings', { sendGreetingAccepted: 'enabled', greetingAcceptedMessage: '' });
    expect(fieldsOf(greeting.body)).toEqual({ 'body.greetingAcceptedMessage': 'Required' });
    const call = await company.admin.put('/settings/AcceptCallWhatsappMessage', { value: '' });
    expect(fieldsOf(call.body)).toEqual({ 'body.value': 'Required' });
    // turned off, the message may go
    expect((await company.admin.put('/settings', { sendMsgTransfTicket: 'disabled', transferMessage: '' })).status).toBe(200);
  });

  it('turns LGPD on without a consent message, and lets its message be emptied while it is on', async () => {
    const alone = await company.admin.put('/companySettings', { column: 'enableLGPD', data: 'enabled' });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    expect((await company.admin.get('/setting/enableLGPD')).body.value).toBe('enabled');
    expect((await company.admin.put('/settings', { lgpdMessage: 'Aceita?' })).status).toBe(200);
    const emptied = await company.admin.put('/settings', { lgpdMessage: '' });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(emptied.body).toMatchObject({ enableLGPD: 'enabled', lgpdMessage: '' });
    expect((await company.admin.put('/companySettings', { column: 'enableLGPD', data: 'disabled' })).status).toBe(200);
  });

  it('switches the Campaigns menu off and on for the company, refusing any other value and changing nothing', async () => {
    expect((await company.admin.get('/setting/campaignsEnabled')).body).toEqual({ key: 'campaignsEnabled', value: 'enabled' });
    const bad = await company.admin.put('/companySettings', { column: 'campaignsEnabled', data: 'hidden' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual({ 'body.data': 'One of enabled, disabled' });
    expect((await company.admin.get('/setting/campaignsEnabled')).body.value).toBe('enabled');
    expect((await company.admin.put('/companySettings', { column: 'campaignsEnabled', data: 'disabled' })).status).toBe(200);
    // what the menu reads: the signed-in user's company settings
    expect((await agent.client.get('/auth/me')).body.company.settings.campaignsEnabled).toBe('disabled');
    expect((await company.admin.put('/companySettings', { column: 'campaignsEnabled', data: 'enabled' })).status).toBe(200);
  });

  it('leaves userCreation to the super user', async () => {
    const refused = await company.admin.put('/companySettings', { column: 'userCreation', data: 'disabled' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await company.admin.get('/setting/userCreation')).body.value).toBe('enabled');
    const root = await signInSuperUser(runtime);
    expect((await root.put('/companySettings', { column: 'userCreation', data: 'disabled' })).status).toBe(200);
    expect((await root.get('/setting/userCreation')).body.value).toBe('disabled');
    // a super user reads any company's options
    expect((await root.get(`/companySettings/${company.companyId}`)).body.scheduleType).toBe('company');
    expect((await root.put('/companySettings', { column: 'userCreation', data: 'enabled' })).status).toBe(200);
  });

  it("refuses a profile user every change and the page's list (403), and another company's options (404)", async () => {
    expect((await agent.client.get('/settings')).status).toBe(403);
    expect((await agent.client.put('/settings', { userRating: 'enabled' })).status).toBe(403);
    expect((await agent.client.put('/settings/userRating', { value: 'enabled' })).status).toBe(403);
    expect((await agent.client.put('/companySettings', { column: 'userRating', data: 'enabled' })).status).toBe(403);
    expect((await agent.client.get(`/companies/${company.companyId}/schedules`)).status).toBe(403);
    expect((await agent.client.put(`/companies/${company.companyId}/schedules`, { schedules: [] })).status).toBe(403);
    const other = await signupCompany(runtime, 'Other Settings Co');
    expect((await other.admin.get(`/companySettings/${company.companyId}`)).status).toBe(404);
    expect((await other.admin.get(`/companies/${company.companyId}/schedules`)).status).toBe(404);
    expect((await other.admin.put(`/companies/${company.companyId}/schedules`, { schedules: defaultWeek() })).status).toBe(404);
    expect((await other.admin.get('/setting/scheduleType')).body.value).toBe('disabled');
  });

  it('announces changed keys on company-{id}-settings to the users of the company', async () => {
    const socket = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);
    try {
      await company.admin.put('/companySettings', { column: 'showNotificationPending', data: 'enabled' });
      const frame = await socket.waitFor((f) => f.event === `company-${company.companyId}-settings`);
      expect(frame.data).toEqual({ action: 'update', keys: ['showNotificationPending'] });
    } finally {
      await socket.close();
    }
  });
});

describe('company schedules', () => {
  it('starts with none, stores a week with two periods a day, and reads it back', async () => {
    expect((await company.admin.get(`/companies/${company.companyId}/schedules`)).body).toEqual({
      id: company.companyId,
      schedules: [],
    });
    const week = defaultWeek().map((d) =>
      d.weekdayEn === 'sunday' ? { ...d, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' } : d,
    );
    const saved = await company.admin.put(`/companies/${company.companyId}/schedules`, { schedules: week });
    expect(saved.status).toBe(200);
    expect(saved.body.schedules).toEqual(week);
    expect((await company.admin.get(`/companies/${company.companyId}/schedules`)).body.schedules).toEqual(week);
  });

  it('refuses times that are not HH:MM, a period that ends before it starts, overlapping periods and a repeated weekday', async () => {
    const [monday, tuesday] = defaultWeek();
    const bad = await company.admin.put(`/companies/${company.companyId}/schedules`, {
      schedules: [
        { ...monday, startTimeA: '8:00' },
        { ...tuesday, startTimeA: '12:00', endTimeA: '09:00', startTimeB: '', endTimeB: '18:00' },
        { ...defaultWeek()[2], startTimeB: '11:00' },
        { ...monday },
      ],
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toMatchObject({
      'body.schedules.0.startTimeA': expect.any(String),
      'body.schedules.1.endTimeA': 'order',
      'body.schedules.1.startTimeB': 'required',
      'body.schedules.2.startTimeB': 'overlap',
      'body.schedules.3.weekdayEn': 'duplicate',
    });
  });
});
