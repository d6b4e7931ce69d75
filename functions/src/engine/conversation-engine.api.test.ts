/**
 * The conversation engine played through the web chat channel: a visitor writes through the real widget API and
 * reads what the bot answered; agents read the same conversation through the inbox API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../test/api.ts';
import { addQueue, addAgent, botSaid, signupCompany, ticketOf, Visitor, type TestCompany } from '../../../test/inbox.ts';
import type { Runtime } from '../../../infra/local/runtime.ts';
import { inboundDeduplicationId, inboundGroupId } from '@switchboard/shared/connector';
import { queue } from '../platform/ports/ports.ts';
import { isOutOfHours } from '@switchboard/shared/weekly-hours';
import { EXIT_LINE, INVALID_OPTION_TEXT } from './bot-texts.ts';

let runtime: Runtime;
let company: TestCompany;
let sales: { id: number };
let agent: { id: number };

const GREETING = 'Olá! Escolha um setor:';
const COMPLETION = 'Atendimento finalizado. Obrigado pelo contato, {{firstName}}!';
const MENU = [GREETING, '', '*[ 1 ]* - Atendimento', '*[ 2 ]* - Financeiro', EXIT_LINE].join('\n');

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Robô');
  agent = await addAgent(runtime, company);
  const created = await addQueue(company.admin, {
    name: 'Financeiro',
    color: '#123456',
    greetingMessage: 'Financeiro: escolha uma opção',
    orderQueue: 2,
    chatbots: [
      {
        name: 'Boletos',
        greetingMessage: 'Sobre boletos:',
        queueType: 'text',
        options: [
          { name: 'Segunda via', greetingMessage: 'A segunda via segue por e-mail.', queueType: 'text' },
          { name: 'Falar com atendente', queueType: 'attendent', optQueueId: company.queueId, optUserId: agent.id },
        ],
      },
      { name: 'Outros assuntos', queueType: 'queue', optQueueId: company.queueId },
    ],
  });
  sales = created.body;
  const conn = await company.admin.put(`/whatsapp/${company.connectionId}`, {
    greetingMessage: GREETING,
    complationMessage: COMPLETION,
    outOfHoursMessage: 'Estamos fechados agora.',
    queueIds: [company.queueId, sales.id],
  });
  expect(conn.status).toBe(200);
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

const visitor = (name: string, c = company) => new Visitor(runtime, c.webchatToken).start(name);

describe('conversation engine: queue menu and option trees', () => {
  it('sends the greeting and the numbered queue menu on the first message, and agents see it', async () => {
    const v = await visitor('Ana Menu');
    await v.say('Oi');
    expect(await botSaid(v)).toEqual([MENU]);
    const t = await ticketOf(company, 'Ana Menu');
    expect(t).toMatchObject({ status: 'pending', queueId: null });
    const page = await company.admin.get(`/messages/${t.id}`);
    expect(page.body.messages.map((m: { body: string; fromMe: boolean }) => [m.fromMe, m.body]).sort()).toEqual([
      [false, 'Oi'],
      [true, MENU],
    ]);
  });

  it('puts the ticket in queue 2 on answer 2 and sends its option menu', async () => {
    const v = await visitor('Bruno Fila');
    await v.say('Oi');
    await v.say('2');
    expect((await botSaid(v))[1]).toBe(
      [
        'Financeiro: escolha uma opção',
        '',
        '*[ 1 ]* - Boletos',
        '*[ 2 ]* - Outros assuntos',
        '*[ # ]* - Voltar ao menu principal',
        EXIT_LINE,
      ].join('\n'),
    );
    expect(await ticketOf(company, 'Bruno Fila')).toMatchObject({ status: 'pending', queueId: sales.id, userId: null });
  });

  it('walks a two-level tree to an attendent option, which gives the ticket its queue and agent', async () => {
    const v = await visitor('Carla Arvore');
    await v.say('Oi');
    await v.say('2');
    await v.say('1');
    expect((await botSaid(v)).at(-1)).toContain('Sobre boletos:\n\n*[ 1 ]* - Segunda via\n*[ 2 ]* - Falar com atendente');
    await v.say('2');
    expect(await ticketOf(company, 'Carla Arvore')).toMatchObject({
      queueId: company.queueId,
      userId: agent.id,
      status: 'pending',
    });
    // with an agent named, the bot stays out of the conversation
    const before = (await botSaid(v)).length;
    await v.say('Alguém aí?');
    expect(await botSaid(v)).toHaveLength(before);
  });

  it('goes back to the queue menu on #', async () => {
    const v = await visitor('Davi Volta');
    await v.say('Oi');
    await v.say('2');
    await v.say('#');
    expect((await botSaid(v)).at(-1)).toBe(MENU);
    expect(await ticketOf(company, 'Davi Volta')).toMatchObject({ queueId: null });
    await v.say('1');
    expect(await ticketOf(company, 'Davi Volta')).toMatchObject({ queueId: company.queueId });
  });

  it('answers an invalid option within a level with the invalid-option text', async () => {
    const v = await visitor('Eva Invalida');
    await v.say('Oi');
    await v.say('2');
    await v.say('1');
    await v.say('9');
    expect((await botSaid(v)).at(-1)).toBe(INVALID_OPTION_TEXT);
    await v.say('1');
    expect((await botSaid(v)).at(-1)).toBe('A segunda via segue por e-mail.');
  });

  it('closes the ticket with the completion message on sair', async () => {
    const v = await visitor('Fabio Sair');
    await v.say('Oi');
    await v.say('SAIR');
    expect((await botSaid(v)).at(-1)).toBe('Atendimento finalizado. Obrigado pelo contato, Fabio!');
    expect(await ticketOf(company, 'Fabio Sair')).toMatchObject({ status: 'closed' });
  });

  it('re-sends the menu on invalid answers at most maxUseBotQueues (3) times', async () => {
    const v = await visitor('Gil Repete');
    for (const text of ['Oi', 'x', 'y', 'z', 'w']) await v.say(text);
    expect(await botSaid(v)).toEqual([MENU, MENU, MENU]);
    // a valid choice still works, and resets the count
    await v.say('1');
    expect(await ticketOf(company, 'Gil Repete')).toMatchObject({ queueId: company.queueId, amountUsedBotQueues: 0 });
  });

  it('never answers a redelivered message twice', async () => {
    const v = await visitor('Hugo Repetido');
    await v.say('Oi', 'client-1');
    await v.say('Oi', 'client-1');
    await v.say('2', 'client-2');
    await v.say('2', 'client-2');
    const said = await botSaid(v);
    expect(said).toHaveLength(2);
    expect(said[0]).toBe(MENU);
    expect((await v.conversation()).messages.filter((m) => m.fromVisitor)).toHaveLength(2);
    // the same channel message twice through the inbound function, past the queue's own deduplication (SQS keeps
    // its ids 5 minutes): the pipeline stores and answers it once
    const event = {
      kind: 'message' as const,
      companyId: company.companyId,
      connectionId: company.connectionId,
      channel: 'webchat' as const,
      contact: { identity: v.id, name: 'Hugo Repetido', isGroup: false },
      channelMessageId: `w-${v.id}-client-3`,
      fromMe: false,
      body: '1',
      mediaType: 'chat' as const,
      at: new Date().toISOString(),
    };
    for (const delivery of ['first', 'again'])
      await queue().send('inbound.fifo', {
        body: JSON.stringify(event),
        groupId: inboundGroupId(event),
        deduplicationId: `${inboundDeduplicationId(event)}:${delivery}`,
      });
    await runtime.drainQueues();
    expect(await botSaid(v)).toHaveLength(3);
    expect((await v.conversation()).messages.filter((m) => m.fromVisitor)).toHaveLength(3);
  });
});

describe('conversation engine: company hours', () => {
  let shop: TestCompany;
  // Wednesday 2026-11-25, in UTC (the test runtime's TIME_ZONE)
  const at = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00.000Z`);

  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja Horário');
    expect((await shop.admin.put('/settings/scheduleType', { value: 'company' })).status).toBe(200);
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    }));
    expect((await shop.admin.put(`/companies/${shop.companyId}/schedules`, { schedules: week })).status).toBe(200);
    const second = await addQueue(shop.admin, {
      name: 'Vendas',
      color: '#654321',
      greetingMessage: 'Vendas',
      orderQueue: 2,
    });
    expect(
      (
        await shop.admin.put(`/whatsapp/${shop.connectionId}`, {
          greetingMessage: 'Bem-vindo!',
          outOfHoursMessage: 'Estamos fechados. Voltamos às 08:00.',
          queueIds: [shop.queueId, second.body.id],
        })
      ).status,
    ).toBe(200);
  });

  it('tells the customer the hours outside them, and nothing else', async () => {
    runtime.setClock({ at: at('20:30').getTime() });
    const v = await visitor('Iris Noite', shop);
    await v.say('Oi');
    await v.say('Alguém?');
    expect(await botSaid(v)).toEqual(['Estamos fechados. Voltamos às 08:00.', 'Estamos fechados. Voltamos às 08:00.']);
    // the agents' session lives on the real clock
    runtime.setClock(undefined);
    expect(await ticketOf(shop, 'Iris Noite')).toMatchObject({ status: 'pending', queueId: null, amountUsedBotQueues: 2 });
  });

  it('answers with the menu inside the hours', async () => {
    runtime.setClock({ at: at('09:15').getTime() });
    const v = await visitor('Joana Dia', shop);
    await v.say('Oi');
    expect(await botSaid(v)).toEqual(['Bem-vindo!\n\n*[ 1 ]* - Atendimento\n*[ 2 ]* - Vendas\n' + EXIT_LINE]);
  });

  it('reads a day without a row as open, and blank periods as closed', () => {
    expect(isOutOfHours([], at('03:00'), 'UTC')).toBe(false);
    expect(
      isOutOfHours(
        [{ weekday: '', weekdayEn: 'wednesday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }],
        at('10:00'),
        'UTC',
      ),
    ).toBe(true);
    expect(
      isOutOfHours(
        [{ weekday: '', weekdayEn: 'wednesday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' }],
        at('10:00'),
        'UTC',
      ),
    ).toBe(false);
  });
});
