/**
 * The Typebot runtime played through the web chat channel against a fake Typebot (test/fakes/typebot-server.ts):
 * an admin saves a Typebot integration through the API and names it on the connection; visitors write through the
 * widget API, the engine hands their messages to the integration, and they read what the bot answered.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@switchboard/shared/contracts/messages';
import { outliveLookupCaches, startApi } from '../../../../test/api.ts';
import { addQueue, botSaid, signupCompany, ticketIdOf, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import {
  FAKE_TYPEBOT_INVALID,
  FAKE_TYPEBOT_SLUG,
  startFakeTypebot,
  type FakeTypebot,
} from '../../../../test/fakes/typebot-server.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { queue } from '../../platform/ports/ports.ts';
import { findConnection } from '../../modules/connections/connections.service.ts';
import { getContact } from '../../modules/contacts/contacts.service.ts';
import { currentTicket, type TicketRecord } from '../../modules/tickets/tickets.service.ts';
import { takeIntegrationTurn } from '../integration-runtime.ts';
import { INTEGRATION_SEND_JOB } from './integration-outbox.ts';

let runtime: Runtime;
let typebot: FakeTypebot;
let company: TestCompany;
let sales: { id: number };
let quick: { id: number };
let paced: { id: number };

const UNKNOWN = 'Não entendi, escolha uma das opções.';
const RESTART = 'Vamos recomeçar!';
const FAREWELL = 'Obrigado pelo contato!';
const CHOICES = '• Vendas\n• Suporte\n• Nada';
const opening = (name: string) => `Olá *${name}*! Como vai?\nSomos _rápidos_ — veja [a ajuda](https://example.com/ajuda)`;

const integration = (name: string, over: Record<string, unknown> = {}) => ({
  type: 'typebot',
  name,
  urlN8N: typebot.url,
  typebotSlug: FAKE_TYPEBOT_SLUG,
  typebotExpires: 5,
  typebotDelayMessage: 0,
  typebotKeywordFinish: 'fim',
  typebotKeywordRestart: 'reiniciar',
  typebotUnknownMessage: UNKNOWN,
  typebotRestartMessage: RESTART,
  ...over,
});

const useIntegration = async (integrationId: number) => {
  // no queue on the connection: a new ticket has none, and the connection's integration takes its first message
  const res = await company.admin.put(`/whatsapp/${company.connectionId}`, {
    queueIds: [],
    integrationId,
    complationMessage: FAREWELL,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

beforeAll(async () => {
  typebot = await startFakeTypebot();
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Typebot');
  const queue = await addQueue(company.admin, {
    name: 'Vendas',
    color: '#0a3f7f',
    greetingMessage: 'Vendas: já vamos atender.',
    orderQueue: 2,
  });
  sales = queue.body;
  typebot.transferQueueId = sales.id;
  const created = await company.admin.post('/queueIntegration', integration('Typebot Loja'));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  quick = created.body;
  paced = (await company.admin.post('/queueIntegration', integration('Typebot Pausado', { typebotDelayMessage: 1000 }))).body;
  await useIntegration(quick.id);
});
afterAll(async () => {
  await runtime?.stop();
  await typebot?.close();
});
afterEach(() => runtime?.setClock(undefined));

const visitor = (name: string) => new Visitor(runtime, company.webchatToken).start(name);

const ticketOf = async (name: string): Promise<TicketRecord> =>
  (await currentTicket(company.companyId, await ticketIdOf(company, name)))!;

const messagesOf = async (t: TicketRecord): Promise<Message[]> => (await company.admin.get(`/messages/${t.id}`)).body.messages;

/** The customer's stored message handed to the integration step again, as a redelivered event would. */
const redeliver = async (name: string, body: string) => {
  const t = await ticketOf(name);
  const stored = (await messagesOf(t)).find((m) => !m.fromMe && m.body === body)!;
  expect(stored).toBeDefined();
  const connection = (await findConnection(company.companyId, t.whatsappId))!;
  return takeIntegrationTurn(t, connection, stored, await getContact(company.companyId, t.contactId));
};

const startCalls = () => typebot.calls.filter((c) => c.path.endsWith('/startChat'));

describe('typebot integration', () => {
  it("starts a chat with the customer's variables and sends the opening: rich text as WhatsApp markup, the picture as a file, the choices as bullets", async () => {
    const before = startCalls().length;
    const v = await visitor('Ana Typebot');
    await v.say('Oi');
    expect(await botSaid(v)).toEqual([opening('Ana Typebot'), 'logo.png', CHOICES]);
    const started = startCalls().slice(before);
    expect(started).toHaveLength(1);
    expect(started[0]!.body.prefilledVariables).toEqual({
      number: expect.any(String),
      pushName: 'Ana Typebot',
      remoteJid: expect.any(String),
    });
    const t = await ticketOf('Ana Typebot');
    expect(t).toMatchObject({ useIntegration: true, integrationId: quick.id, typebotSessionId: expect.any(String) });
    expect(typebot.sessions.has(t.typebotSessionId!)).toBe(true);
    const picture = (await messagesOf(t)).find((m) => m.body === 'logo.png');
    expect(picture).toMatchObject({ fromMe: true, mediaType: 'image' });
    // the agents' view of the ticket carries no session of the bot
    const shown = (await company.admin.get(`/tickets/${t.id}`)).body;
    expect(shown.useIntegration).toBe(true);
    expect(shown).not.toHaveProperty('typebotSessionId');
    expect(shown).not.toHaveProperty('integrationTurn');
  });

  it("continues the session with the customer's replies and replaces Typebot's invalid-reply text", async () => {
    const v = await visitor('Bruno Typebot');
    await v.say('Oi');
    await v.say('talvez');
    expect((await botSaid(v)).slice(3)).toEqual([UNKNOWN, CHOICES]);
    expect(await botSaid(v)).not.toContain(FAKE_TYPEBOT_INVALID);
    await v.say('suporte');
    expect((await botSaid(v)).at(-1)).toBe('Descreva o problema');
    const sessionId = (await ticketOf('Bruno Typebot')).typebotSessionId;
    const continued = typebot.calls
      .filter((c) => c.path === `/api/v1/sessions/${sessionId}/continueChat`)
      .map((c) => c.body.message);
    expect(continued).toEqual(['talvez', 'suporte']);
  });

  it('never answers a redelivered message twice', async () => {
    const v = await visitor('Caio Repete');
    await v.say('Oi');
    await v.say('Suporte');
    const calls = typebot.calls.length;
    const said = await botSaid(v);
    for (const body of ['Oi', 'Suporte']) await redeliver('Caio Repete', body);
    await runtime.drainQueues();
    expect(await botSaid(v)).toEqual(said);
    expect(typebot.calls.length).toBe(calls);
  });

  it('sends the unknown message when the bot answers nothing', async () => {
    const v = await visitor('Duda Nada');
    await v.say('Oi');
    await v.say('Nada');
    expect((await botSaid(v)).at(-1)).toBe(UNKNOWN);
  });

  it('hands the conversation to the queue a # command names, and leaves the ticket', async () => {
    const v = await visitor('Edu Vendas');
    await v.say('Oi');
    await v.say('Vendas');
    expect((await botSaid(v)).slice(3)).toEqual(['Transferindo...']);
    const t = await ticketOf('Edu Vendas');
    expect(t).toMatchObject({
      queueId: sales.id,
      useIntegration: false,
      integrationId: null,
      typebotSessionId: null,
      status: 'pending',
    });
    const calls = typebot.calls.length;
    await v.say('Alguém aí?');
    expect(typebot.calls.length).toBe(calls);
    expect((await botSaid(v)).slice(3)).toEqual(['Transferindo...']);
  });

  it('starts over after the restart keyword, and closes the ticket with the farewell on the finish keyword', async () => {
    const v = await visitor('Fabi Teclas');
    await v.say('Oi');
    const first = (await ticketOf('Fabi Teclas')).typebotSessionId;
    await v.say('REINICIAR');
    expect((await botSaid(v)).at(-1)).toBe(RESTART);
    expect((await ticketOf('Fabi Teclas')).typebotSessionId).toBeNull();
    await v.say('Oi de novo');
    expect((await botSaid(v)).slice(-3)).toEqual([opening('Fabi Teclas'), 'logo.png', CHOICES]);
    const second = (await ticketOf('Fabi Teclas')).typebotSessionId;
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    await v.say('fim');
    expect((await botSaid(v)).at(-1)).toBe(FAREWELL);
    expect(await ticketOf('Fabi Teclas')).toMatchObject({ status: 'closed' });
  });

  it('starts a new chat when the session has been silent longer than typebotExpires, or Typebot forgot it', async () => {
    // a clock that never reads the same millisecond twice, so the conversation's order is its writing order; moved
    // forward below
    let ahead = 0;
    runtime.setClock({ offset: ahead, ticking: true });
    const v = await visitor('Gabi Expira');
    await v.say('Oi');
    const first = (await ticketOf('Gabi Expira')).typebotSessionId!;
    runtime.setClock({ offset: (ahead += 4 * 60_000), ticking: true });
    await v.say('talvez');
    expect((await botSaid(v)).at(-2)).toBe(UNKNOWN);
    expect((await ticketOf('Gabi Expira')).typebotSessionId).toBe(first);
    // five minutes of silence after the last use: the session is over
    runtime.setClock({ offset: (ahead += 5 * 60_000 + 1000), ticking: true });
    const starts = startCalls().length;
    await v.say('Voltei');
    expect(startCalls().length).toBe(starts + 1);
    expect((await botSaid(v)).slice(-3)).toEqual([opening('Gabi Expira'), 'logo.png', CHOICES]);
    const second = (await ticketOf('Gabi Expira')).typebotSessionId!;
    expect(second).not.toBe(first);
    // Typebot's own expiry: continueChat answers 404, and a new chat starts
    typebot.expire(second);
    await v.say('Suporte');
    expect(startCalls().length).toBe(starts + 2);
    expect((await botSaid(v)).slice(-3)).toEqual([opening('Gabi Expira'), 'logo.png', CHOICES]);
  });

  it('waits typebotDelayMessage between messages, and leaves a long wait to a delayed job that sends the rest once', async () => {
    await useIntegration(paced.id);
    // the new conversation reads the connection's paced integration, once every function's copy of it has run out
    outliveLookupCaches(runtime);
    try {
      const v = await visitor('Hugo Pausa');
      await v.say('Oi');
      expect(await botSaid(v)).toEqual([opening('Hugo Pausa'), 'logo.png', CHOICES]);
      // each message of the answer a second after the one before it
      const sentAt = (await messagesOf(await ticketOf('Hugo Pausa')))
        .filter((m) => m.fromMe)
        .map((m) => Date.parse(m.createdAt))
        .sort((a, b) => a - b);
      expect(sentAt).toHaveLength(3);
      // a timer may fire a millisecond before its time
      expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(999);
      expect(sentAt[2]! - sentAt[1]!).toBeGreaterThanOrEqual(999);
      await v.say('Suporte');
      // "Anotado", then the bot's 3-second wait plus the delay: too long to wait in the function
      const res = await v.api().post(`/webchat/${company.webchatToken}/messages`, { body: 'Sem papel' });
      expect(res.status).toBe(202);
      await runtime.idleQueues();
      expect((await botSaid(v)).slice(4)).toEqual(['Anotado: Sem papel']);
      const t = await ticketOf('Hugo Pausa');
      const state = t.integrationTurn!;
      expect(state).toMatchObject({
        next: 1,
        outbox: [
          { kind: 'text', body: 'Anotado: Sem papel' },
          { kind: 'text', body: 'Até mais!', delayMs: 4000 },
        ],
      });
      // the delayed job, delivered early and then again when its delay is over: the rest is sent once
      await queue().send('jobs', {
        body: JSON.stringify({
          type: INTEGRATION_SEND_JOB,
          companyId: company.companyId,
          ticketId: t.id,
          turnId: state.turnId,
          index: 1,
        }),
      });
      await runtime.idleQueues();
      expect((await botSaid(v)).slice(4)).toEqual(['Anotado: Sem papel', 'Até mais!']);
      await runtime.drainQueues();
      expect((await botSaid(v)).slice(4)).toEqual(['Anotado: Sem papel', 'Até mais!']);
    } finally {
      await useIntegration(quick.id);
    }
  });
});
