import type { Connection } from '@switchboard/shared/contracts/connections';
import { companySettingsDefaults } from '@switchboard/shared/contracts/settings';
import { describe, expect, it } from 'vitest';
import { makeConnection, makeQueue, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, type FakeRoute, freshPageEachTest, until } from '../../../test-network.ts';
import { byTestId, click, renderSignedIn, sessionRoutes, typeInto } from '../../../test-app.tsx';

/**
 * The edit dialog's tabs for what the conversation engine reads: chatbot, assessments and (with scheduleType
 * 'connection') schedules, queue redirection on the general tab and collective vacation on the messages tab. The
 * form refuses what the API would, and the API's field errors show under their fields.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');

const userWith = (scheduleType: 'disabled' | 'connection') => {
  const base = makeUser();
  return makeUser({ company: { ...base.company, settings: { ...companySettingsDefaults, scheduleType } } });
};

/** Opens the edit dialog of connection 2 on /connections; `sent` collects the PUT bodies. */
const openDialog = async (record: Connection, scheduleType: 'disabled' | 'connection', put?: FakeRoute) => {
  const sent: Record<string, unknown>[] = [];
  const user = userWith(scheduleType);
  fakeNetwork({
    ...sessionRoutes(user),
    'GET /api/queue': () => ({
      status: 200,
      body: [makeQueue(3, { name: 'Vendas', orderQueue: 1 })],
    }),
    'GET /api/whatsapp': () => ({ status: 200, body: [makeConnection(1), record] }),
    'PUT /api/whatsapp/2': (init, url) => {
      sent.push(JSON.parse(String(init.body)));
      return put ? put(init, url) : { status: 200, body: record };
    },
  });
  await renderSignedIn(page, '/connections', user);
  await until(() => byTestId('connection-edit-2') !== null, 'the edit button');
  await click(byTestId('connection-edit-2'));
  await until(() => byTestId('connection-save') !== null, 'the dialog');
  return sent;
};

const field = (selector: string) => document.querySelector<HTMLInputElement>(selector);
const tabNames = () => [...document.querySelectorAll('[role=tab]')].map((t) => t.textContent);
const save = async () => click(byTestId('connection-save'));

describe("the connection dialog's engine tabs", () => {
  it('shows the chatbot and assessments tabs with the stored values, sends them back, and no schedules without scheduleType connection', async () => {
    const record = makeConnection(2, {
      timeCreateNewTicket: 30,
      maxUseBotQueues: 5,
      timeUseBotQueues: 10,
      expiresTicket: 24,
      ratingMessage: 'Nota de 0 a 10?',
      expiresTicketNPS: 60,
    });
    const sent = await openDialog(record, 'disabled');
    expect(tabNames()).toEqual(['Geral', 'Mensagens', 'Integrações', 'Chatbot', 'Avaliações']);
    // the reopening time lives on the chatbot tab now
    expect(field('#connection-time-new-ticket')).toBeNull();
    await click(byTestId('connection-tab-chatbot'));
    expect(field('#connection-time-new-ticket')!.value).toBe('30');
    expect(field('#connection-max-bot-uses')!.value).toBe('5');
    expect(field('#connection-expires-ticket')!.value).toBe('24');
    expect(byTestId('connection-dialog')!.textContent).toContain('Desde a última mensagem da conversa');
    await typeInto('#connection-inactive-message', 'Ainda está por aí?');
    await click(byTestId('connection-tab-assessments'));
    expect((field('#connection-rating-message') as unknown as HTMLTextAreaElement).value).toBe('Nota de 0 a 10?');
    expect(field('#connection-rating-expiry')!.value).toBe('60');
    await save();
    await until(() => sent.length === 1, 'the PUT');
    expect(sent[0]).toMatchObject({
      timeCreateNewTicket: 30,
      maxUseBotQueues: 5,
      timeUseBotQueues: 10,
      expiresTicket: 24,
      inactiveMessage: 'Ainda está por aí?',
      ratingMessage: 'Nota de 0 a 10?',
      expiresTicketNPS: 60,
      maxUseBotQueuesNPS: 3,
    });
    expect(sent[0]).not.toHaveProperty('schedules');
  });

  it("refuses a rating message without a rating expiry with the API's message, on the assessments tab, and sends nothing", async () => {
    const sent = await openDialog(makeConnection(2), 'disabled');
    await click(byTestId('connection-tab-assessments'));
    await typeInto('#connection-rating-message', 'Dê uma nota de 0 a 10');
    await click(byTestId('connection-tab-general'));
    await save();
    await until(() => byTestId('connection-tab-assessments')?.getAttribute('aria-selected') === 'true', 'the assessments tab');
    expect(document.querySelector('#connection-rating-expiry-error')?.textContent).toBe(
      'Deve ser maior que 0 com mensagem de avaliação',
    );
    expect(byTestId('connection-tab-assessments')!.querySelector('.connection-tabs__error')).not.toBeNull();
    expect(sent).toEqual([]);
  });

  it('asks for the vacation days when its message is filled, on the messages tab', async () => {
    const sent = await openDialog(makeConnection(2), 'disabled');
    await click(byTestId('connection-tab-messages'));
    await typeInto('#connection-vacation-message', 'Férias coletivas até 10/01');
    await typeInto('#connection-vacation-start', '2027-01-10');
    await typeInto('#connection-vacation-end', '2026-12-20');
    await save();
    expect(document.querySelector('#connection-vacation-end-error')?.textContent).toBe('Não pode ser antes da data de início');
    expect(sent).toEqual([]);
    await typeInto('#connection-vacation-end', '2027-01-20');
    await save();
    await until(() => sent.length === 1, 'the PUT');
    expect(sent[0]).toMatchObject({
      collectiveVacationMessage: 'Férias coletivas até 10/01',
      collectiveVacationStart: '2027-01-10',
      collectiveVacationEnd: '2027-01-20',
    });
  });

  it("shows the API's field errors under their fields: the redirection queue on the general tab", async () => {
    const record = makeConnection(2, { timeSendQueue: 15, sendIdQueue: 3 });
    const sent = await openDialog(record, 'disabled', () => ({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        message: 'Invalid connection settings',
        fields: [{ path: 'body.sendIdQueue', message: 'Unknown queue 3' }],
      },
    }));
    expect(field('#connection-send-queue-time')!.value).toBe('15');
    await click(byTestId('connection-tab-chatbot'));
    await save();
    await until(() => sent.length === 1, 'the PUT');
    await until(() => document.querySelector('#connection-send-queue-error') !== null, 'the field error');
    expect(byTestId('connection-tab-general')!.getAttribute('aria-selected')).toBe('true');
    expect(document.querySelector('#connection-send-queue-error')!.textContent).toBe('Unknown queue 3');
    expect(sent[0]).toMatchObject({ timeSendQueue: 15, sendIdQueue: 3 });
  });

  it('has a schedules tab when the company keeps hours per connection: the default week, checked, then sent', async () => {
    const sent = await openDialog(makeConnection(2), 'connection');
    expect(tabNames()).toEqual(['Geral', 'Mensagens', 'Integrações', 'Chatbot', 'Avaliações', 'Horários']);
    await click(byTestId('connection-tab-schedules'));
    expect(byTestId('connection-hours')).not.toBeNull();
    expect(field('[data-testid="connection-hours-monday-startTimeA"]')!.value).toBe('08:00');
    await typeInto('[data-testid="connection-hours-monday-endTimeA"]', '07:00');
    await save();
    await until(() => byTestId('connection-hours-error') !== null, 'the week error');
    expect(field('[data-testid="connection-hours-monday-endTimeA"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await typeInto('[data-testid="connection-hours-monday-endTimeA"]', '12:30');
    await save();
    await until(() => sent.length === 1, 'the PUT');
    const week = sent[0]!.schedules as { weekdayEn: string; endTimeA: string }[];
    expect(week).toHaveLength(7);
    expect(week[0]).toMatchObject({ weekdayEn: 'monday', endTimeA: '12:30' });
  });
});
