import { type Connection, connectionEngineDefaults, engineRuleMessages } from '@switchboard/shared/contracts/connections';
import { defaultWeek } from '@switchboard/shared/weekly-hours';
import { describe, expect, it } from 'vitest';
import { connectionsEn } from '../../../i18n/connections/en.ts';
import { makeConnection } from '../../../test-fixtures.ts';
import { createConnectionBodyOf, updateConnectionBodyOf } from './connection-body.ts';
import {
  connectionFormOf,
  connectionTabsFor,
  emptyConnectionForm,
  firstTabWithError,
  importResetsSession,
  tabsWithErrors,
  widgetEmbedSnippet,
} from './connection-form.ts';
import { validateConnectionForm } from './connection-form-validation.ts';

const form = (changes: Partial<ReturnType<typeof emptyConnectionForm>> = {}) => ({
  ...emptyConnectionForm(),
  name: 'Chat do site',
  ...changes,
});

describe('the connection form', () => {
  it("asks for a name of 2 to 50 characters: 'Required', 'Too Short!', 'Too Long!'", () => {
    expect(validateConnectionForm(form({ name: '   ' }))).toEqual({ name: 'validation.requiredEn' });
    expect(validateConnectionForm(form({ name: ' A ' }))).toEqual({ name: 'validation.tooShort' });
    expect(validateConnectionForm(form({ name: 'x'.repeat(51) }))).toEqual({ name: 'validation.tooLong' });
    expect(validateConnectionForm(form({ name: ' Lo ' }))).toEqual({});
    expect(validateConnectionForm(form({ name: 'x'.repeat(50) }))).toEqual({});
  });

  it('refuses a colour that is not #rrggbb, a reopening time that is not whole minutes, and overlong messages', () => {
    expect(validateConnectionForm(form({ color: 'blue' }))).toEqual({ color: 'connections.dialog.invalidColor' });
    for (const time of [null, -1, 1.5, 43_201]) {
      expect(validateConnectionForm(form({ timeCreateNewTicket: time }))).toEqual({
        timeCreateNewTicket: 'connections.dialog.invalidTime',
      });
    }
    expect(validateConnectionForm(form({ outOfHoursMessage: 'x'.repeat(4001) }))).toEqual({
      outOfHoursMessage: 'validation.tooLong',
    });
  });

  it('opens the first tab that holds an error', () => {
    expect(firstTabWithError({ greetingMessage: 'validation.tooLong' })).toBe('messages');
    expect(firstTabWithError({ greetingMessage: 'validation.tooLong', name: 'validation.tooShort' })).toBe('general');
    expect(firstTabWithError({})).toBeUndefined();
    expect([...tabsWithErrors({ name: 'x', outOfHoursMessage: 'y', color: 'z' })].sort()).toEqual(['general', 'messages']);
  });

  it('sends the trimmed name and the lower-case colour, with the channel when creating', () => {
    const values = form({ name: '  Loja  ', color: '#0F766E', queueIds: [3], greetingMessage: 'Olá!' });
    expect(createConnectionBodyOf('webchat', values)).toEqual({
      channel: 'webchat',
      name: 'Loja',
      isDefault: false,
      color: '#0f766e',
      timeCreateNewTicket: 0,
      greetingMessage: 'Olá!',
      complationMessage: '',
      outOfHoursMessage: '',
      queueIds: [3],
      ...connectionEngineDefaults,
      schedules: [],
    });
    expect(updateConnectionBodyOf(values)).not.toHaveProperty('channel');
  });

  it('builds the embed tag of the widget for a token', () => {
    expect(widgetEmbedSnippet('https://chat.example.com/', 'abcDEF123_-abcDEF123_-abcDEF12')).toBe(
      '<script src="https://chat.example.com/widget.js" data-token="abcDEF123_-abcDEF123_-abcDEF12" async></script>',
    );
  });
  it('asks a new Cloud API number for its ids (digits) and three secrets; editing it, a new access token is optional', () => {
    const cloud = { channel: 'whatsappapi' as const, creating: true };
    expect(validateConnectionForm(form(), cloud)).toEqual({
      phoneNumberId: 'validation.requiredEn',
      wabaId: 'validation.requiredEn',
      accessToken: 'validation.requiredEn',
      appSecret: 'validation.requiredEn',
      verifyToken: 'validation.requiredEn',
    });
    const filled = form({ phoneNumberId: '1234567890', wabaId: 'abc', accessToken: 'EAAG', appSecret: 's', verifyToken: 'v' });
    expect(validateConnectionForm(filled, cloud)).toEqual({ wabaId: 'connections.dialog.digitsOnly' });
    expect(createConnectionBodyOf('whatsappapi', { ...filled, wabaId: ' 987 ' })).toMatchObject({
      channel: 'whatsappapi',
      phoneNumberId: '1234567890',
      wabaId: '987',
      accessToken: 'EAAG',
    });
    expect(validateConnectionForm(form(), { channel: 'whatsappapi', creating: false })).toEqual({});
    expect(updateConnectionBodyOf(form(), 'whatsappapi')).not.toHaveProperty('accessToken');
    expect(updateConnectionBodyOf(form({ accessToken: ' new ' }), 'whatsappapi')).toMatchObject({ accessToken: 'new' });
  });

  it('sends the group settings for a WhatsApp session only', () => {
    const values = form({ allowGroup: true, groupAsTicket: 'enabled' });
    expect(updateConnectionBodyOf(values, 'whatsapp')).toMatchObject({ allowGroup: true, groupAsTicket: 'enabled' });
    expect(updateConnectionBodyOf(values, 'webchat')).not.toHaveProperty('allowGroup');
  });
});

describe('the import of old messages in the General tab', () => {
  const today = '2026-03-10';
  const base = {
    ...emptyConnectionForm(),
    name: 'Vendas',
    importEnabled: true,
    importOldMessages: '2026-01-01',
    importRecentMessages: '2026-03-01',
    queueIdImportMessages: 4,
  };
  const whatsapp = { channel: 'whatsapp' as const, creating: false, today };

  it('accepts a range from 2 years back to today with a queue, and sends it', () => {
    expect(validateConnectionForm(base, whatsapp)).toEqual({});
    expect(validateConnectionForm({ ...base, importOldMessages: '2024-03-10', importRecentMessages: today }, whatsapp)).toEqual(
      {},
    );
    expect(updateConnectionBodyOf(base, 'whatsapp')).toMatchObject({
      importOldMessages: '2026-01-01',
      importRecentMessages: '2026-03-01',
      queueIdImportMessages: 4,
      importOldMessagesGroups: false,
      closedTicketsPostImported: false,
    });
  });

  it('refuses an old date over 2 years back or in the future, a recent date before it or in the future, and no queue', () => {
    expect(validateConnectionForm({ ...base, importOldMessages: '2024-03-09' }, whatsapp)).toEqual({
      importOldMessages: 'connections.dialog.import.tooOld',
    });
    expect(
      validateConnectionForm({ ...base, importOldMessages: '2026-03-11', importRecentMessages: '2026-03-11' }, whatsapp),
    ).toMatchObject({
      importOldMessages: 'connections.dialog.import.future',
      importRecentMessages: 'connections.dialog.import.future',
    });
    expect(validateConnectionForm({ ...base, importRecentMessages: '2025-12-31' }, whatsapp)).toEqual({
      importRecentMessages: 'connections.dialog.import.beforeOld',
    });
    expect(validateConnectionForm({ ...base, queueIdImportMessages: null, importRecentMessages: '' }, whatsapp)).toEqual({
      queueIdImportMessages: 'validation.requiredEn',
      importRecentMessages: 'validation.requiredEn',
    });
  });

  it('checks nothing and sends the import off when the switch is off', () => {
    const off = { ...base, importEnabled: false, queueIdImportMessages: null };
    expect(validateConnectionForm(off, whatsapp)).toEqual({});
    expect(updateConnectionBodyOf(off, 'whatsapp')).toMatchObject({ importOldMessages: null });
    expect(updateConnectionBodyOf(off, 'webchat')).not.toHaveProperty('importOldMessages');
  });

  it('warns that saving pairs a connected session anew when the import starts or its range changes', () => {
    const stored = { status: 'CONNECTED' as const, importOldMessages: null, importRecentMessages: null };
    expect(importResetsSession(stored, base)).toBe(true);
    const running = { status: 'CONNECTED' as const, importOldMessages: '2026-01-01', importRecentMessages: '2026-03-01' };
    expect(importResetsSession(running, base)).toBe(false);
    expect(importResetsSession(running, { ...base, importRecentMessages: '2026-03-05' })).toBe(true);
    expect(importResetsSession({ ...stored, status: 'qrcode' }, base)).toBe(false);
  });
});

describe("the engine's fields: chatbot, assessments, redirection, vacation and schedules", () => {
  const rules = (changes: Partial<ReturnType<typeof emptyConnectionForm>>, context = {}) =>
    validateConnectionForm(form(changes), { channel: 'webchat', creating: false, ...context });

  it('starts a new connection from the defaults the API gives (3 bot uses, 3 rating asks, the default week)', () => {
    const values = emptyConnectionForm();
    expect(values).toMatchObject({
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      whenExpiresTicket: '0',
      sendIdQueue: null,
      collectiveVacationStart: '',
      schedules: defaultWeek(),
    });
    expect(validateConnectionForm(form(), { channel: 'webchat', creating: true, schedules: true })).toEqual({});
  });

  it('reads a stored connection, and one answered without the fields as the defaults', () => {
    const older: Connection = makeConnection(2, {
      name: 'Loja',
      token: null,
      widgetKey: null,
      updatedAt: '2026-03-04T15:30:00.000Z',
    });
    expect(connectionFormOf(older)).toMatchObject({
      ...connectionEngineDefaults,
      collectiveVacationStart: '',
      collectiveVacationEnd: '',
      schedules: defaultWeek(),
    });
    expect(
      connectionFormOf({
        ...older,
        expiresTicket: 24,
        collectiveVacationStart: '2026-12-20',
        collectiveVacationEnd: null,
        schedules: [],
      }),
    ).toMatchObject({
      expiresTicket: 24,
      collectiveVacationStart: '2026-12-20',
      collectiveVacationEnd: '',
      schedules: defaultWeek(),
    });
  });

  it('refuses numbers out of range or empty: minutes up to 10080, hours up to 8760, bot uses up to 100', () => {
    for (const value of [null, -1, 1.5, 10_081]) {
      expect(rules({ timeUseBotQueues: value, timeInactiveMessage: value, timeToReturnQueue: value })).toEqual({
        timeUseBotQueues: 'connections.dialog.rules.minutes',
        timeInactiveMessage: 'connections.dialog.rules.minutes',
        timeToReturnQueue: 'connections.dialog.rules.minutes',
      });
    }
    expect(rules({ expiresTicket: 8761 })).toEqual({ expiresTicket: 'connections.dialog.rules.hours' });
    expect(rules({ expiresTicket: 8760, timeSendQueue: 10_080, sendIdQueue: 3 })).toEqual({});
    expect(rules({ maxUseBotQueues: 101, maxUseBotQueuesNPS: null })).toEqual({
      maxUseBotQueues: 'connections.dialog.rules.botUses',
      maxUseBotQueuesNPS: 'connections.dialog.rules.botUses',
    });
    expect(rules({ inactiveMessage: 'x'.repeat(4001) })).toEqual({ inactiveMessage: 'validation.tooLong' });
  });

  it("applies the API's rules across fields, with the API's messages", () => {
    expect(rules({ ratingMessage: 'Nota?' })).toEqual({ expiresTicketNPS: 'connections.dialog.rules.npsExpiryRequired' });
    expect(rules({ ratingMessage: 'Nota?', expiresTicketNPS: 30 })).toEqual({});
    expect(rules({ timeSendQueue: 5 })).toEqual({ sendIdQueue: 'connections.dialog.rules.redirectQueueRequired' });
    expect(rules({ sendIdQueue: 3 })).toEqual({ timeSendQueue: 'connections.dialog.rules.redirectTimeRequired' });
    expect(rules({ collectiveVacationMessage: 'Férias' })).toEqual({
      collectiveVacationStart: 'connections.dialog.rules.vacationDayRequired',
      collectiveVacationEnd: 'connections.dialog.rules.vacationDayRequired',
    });
    expect(
      rules({ collectiveVacationMessage: 'Férias', collectiveVacationStart: '2027-01-10', collectiveVacationEnd: '2026-12-20' }),
    ).toEqual({
      collectiveVacationEnd: 'connections.dialog.rules.vacationEndBeforeStart',
    });
    // the English texts are the API's own, so a message reads the same whoever refused
    for (const [code, text] of Object.entries(engineRuleMessages))
      expect(connectionsEn.dialog.rules[code as keyof typeof engineRuleMessages]).toBe(text);
  });

  it('checks and sends the week only when the schedules tab shows', () => {
    const broken = defaultWeek().map((d, i) => (i === 0 ? { ...d, endTimeA: '07:00' } : d));
    expect(rules({ schedules: broken })).toEqual({});
    expect(rules({ schedules: broken }, { schedules: true })).toEqual({ schedules: 'connections.dialog.schedules.invalid' });
    expect(updateConnectionBodyOf(form())).not.toHaveProperty('schedules');
    expect(updateConnectionBodyOf(form(), 'webchat', { schedules: true })).toMatchObject({ schedules: defaultWeek() });
    expect(createConnectionBodyOf('webchat', form(), { schedules: true })).toMatchObject({ schedules: defaultWeek() });
    expect(connectionTabsFor({ schedules: false })).toEqual(['general', 'messages', 'integrations', 'chatbot', 'assessments']);
    expect(connectionTabsFor({ schedules: true })).toContain('schedules');
  });

  it('sends empty days as null and the rest as typed', () => {
    const values = form({
      collectiveVacationMessage: 'Férias',
      collectiveVacationStart: '2026-12-20',
      collectiveVacationEnd: '',
      whenExpiresTicket: '1',
      timeSendQueue: 15,
      sendIdQueue: 3,
    });
    expect(updateConnectionBodyOf(values)).toMatchObject({
      collectiveVacationMessage: 'Férias',
      collectiveVacationStart: '2026-12-20',
      collectiveVacationEnd: null,
      whenExpiresTicket: '1',
      timeSendQueue: 15,
      sendIdQueue: 3,
    });
  });

  it('marks the tab of each field: reopening time and bot limits on chatbot, the rating on assessments', () => {
    expect(firstTabWithError({ timeCreateNewTicket: 'x' })).toBe('chatbot');
    expect(firstTabWithError({ expiresTicketNPS: 'x', maxUseBotQueues: 'y' })).toBe('chatbot');
    expect(firstTabWithError({ expiresTicketNPS: 'x' })).toBe('assessments');
    expect([...tabsWithErrors({ sendIdQueue: 'x', collectiveVacationEnd: 'y', schedules: 'z' })].sort()).toEqual([
      'general',
      'messages',
      'schedules',
    ]);
  });
});
