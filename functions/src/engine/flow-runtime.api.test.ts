/**
 * The flow runtime played through the web chat channel: an admin draws a flow through the flows API and makes it
 * the connection's welcome flow; visitors write through the real widget API and read what the flow answered.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@switchboard/shared/contracts/messages';
import { FLOW_INVALID_OPTION_TEXT } from '@switchboard/shared/flows/run';
import { outliveLookupCaches, startApi } from '../../../test/api.ts';
import { addQueue, botSaid, signupCompany, ticketOf, Visitor, type TestCompany } from '../../../test/inbox.ts';
import type { Runtime } from '../../../infra/local/runtime.ts';
import { queue } from '../platform/ports/ports.ts';
import { currentTicket } from '../modules/tickets/tickets.service.ts';
import { answerCustomerMessage } from './conversation-engine.ts';
import { FLOW_INTERVAL_JOB } from './flow-runtime.ts';

let runtime: Runtime;
let company: TestCompany;
let support: { id: number };
let flowId: number;
let imageName: string;

const at = { x: 0, y: 0 };
const MENU = 'Como posso ajudar?\n\n[1] Conteúdo\n[2] Sorte\n[3] Idade';
const SECOND_MENU = 'Quer falar com alguém?\n\n[1] Sim\n[2] Não';
const SUPPORT_GREETING = 'Suporte: um atendente já vem.';

const graph = () => ({
  nodes: [
    { id: '1', type: 'start', position: at, data: { label: 'Inicio' } },
    { id: 'hi', type: 'message', position: at, data: { label: 'Olá ${firstName}!' } },
    {
      id: 'menu',
      type: 'menu',
      position: at,
      data: {
        message: 'Como posso ajudar?',
        arrayOption: [
          { number: 1, value: 'Conteúdo' },
          { number: 2, value: 'Sorte' },
          { number: 3, value: 'Idade' },
        ],
      },
    },
    {
      id: 'block',
      type: 'singleBlock',
      position: at,
      data: {
        seq: ['message0', 'img1', 'interval2', 'message3'],
        elements: [
          { number: 'message0', type: 'message', value: 'Veja a foto' },
          { number: 'img1', type: 'img', value: imageName, original: 'foto.png' },
          { number: 'interval2', type: 'interval', value: '1' },
          { number: 'message3', type: 'message', value: 'E agora?' },
        ],
      },
    },
    {
      id: 'menu2',
      type: 'menu',
      position: at,
      data: {
        message: 'Quer falar com alguém?',
        arrayOption: [
          { number: 1, value: 'Sim' },
          { number: 2, value: 'Não' },
        ],
      },
    },
    { id: 'queue', type: 'ticket', position: at, data: { queueId: support.id, name: 'Suporte' } },
    { id: 'bye', type: 'message', position: at, data: { label: 'Até logo' } },
    { id: 'rand', type: 'randomizer', position: at, data: { percent: 30 } },
    { id: 'lucky', type: 'message', position: at, data: { label: 'Sorte!' } },
    { id: 'unlucky', type: 'message', position: at, data: { label: 'Azar!' } },
    { id: 'ask', type: 'question', position: at, data: { message: 'Sua idade?', variable: 'idade' } },
    { id: 'cond', type: 'condition', position: at, data: { key: 'idade', condition: 2, value: '18' } },
    { id: 'adult', type: 'message', position: at, data: { label: 'Maior de idade: ${idade}' } },
    { id: 'minor', type: 'message', position: at, data: { label: 'Menor de idade' } },
  ],
  connections: [
    { source: '1', target: 'hi' },
    { source: 'hi', target: 'menu' },
    { source: 'menu', sourceHandle: 'a1', target: 'block' },
    { source: 'menu', sourceHandle: 'a2', target: 'rand' },
    { source: 'menu', sourceHandle: 'a3', target: 'ask' },
    { source: 'block', target: 'menu2' },
    { source: 'menu2', sourceHandle: 'a1', target: 'queue' },
    { source: 'menu2', sourceHandle: 'a2', target: 'bye' },
    { source: 'rand', sourceHandle: 'a', target: 'lucky' },
    { source: 'rand', sourceHandle: 'b', target: 'unlucky' },
    { source: 'ask', target: 'cond' },
    { source: 'cond', sourceHandle: 'true', target: 'adult' },
    { source: 'cond', sourceHandle: 'false', target: 'minor' },
  ],
});

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Fluxo');
  const created = await addQueue(company.admin, {
    name: 'Suporte',
    color: '#0a7f3f',
    greetingMessage: SUPPORT_GREETING,
    orderQueue: 2,
  });
  support = created.body;
  const upload = await company.admin.post('/flowbuilder/img', { name: 'foto.png', mimeType: 'image/png', size: 4 });
  expect(upload.status).toBe(200);
  expect(
    (await fetch(upload.body.uploadUrl, { method: 'PUT', headers: upload.body.headers, body: new Uint8Array([137, 80, 78, 71]) }))
      .ok,
  ).toBe(true);
  imageName = upload.body.name;
  const flow = await company.admin.post('/flowbuilder', { name: 'Atendimento' });
  flowId = flow.body.id;
  const saved = await company.admin.post('/flowbuilder/flow', { idFlow: flowId, ...graph() });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // with two queues the connection would send its queue menu: the welcome flow answers instead
  const conn = await company.admin.put(`/whatsapp/${company.connectionId}`, {
    greetingMessage: 'Escolha um setor:',
    queueIds: [company.queueId, support.id],
    flowIdWelcome: flowId,
  });
  expect(conn.status, JSON.stringify(conn.body)).toBe(200);
  expect(conn.body.flowIdWelcome).toBe(flowId);
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => {
  runtime?.setClock(undefined);
  runtime?.setRandom(undefined);
});

const visitor = (name: string) => new Visitor(runtime, company.webchatToken).start(name);

describe('flow runtime', () => {
  it('walks a three-level flow: menu, invalid option, content with media and an interval, a second menu, hand-off to a queue', async () => {
    // a clock that never reads the same millisecond twice, so the conversation's order is its writing order; the
    // interval's delay is the queue's own
    runtime.setClock({ offset: 0, ticking: true });
    const v = await visitor('Ana Fluxo');
    await v.say('Oi');
    expect(await botSaid(v)).toEqual(['Olá Ana!', MENU]);
    await v.say('9');
    expect((await botSaid(v)).slice(2)).toEqual([FLOW_INVALID_OPTION_TEXT, MENU]);
    await v.say('1');
    // the block's text and picture, then (after its 1-second interval, a delayed job) the rest and the next menu
    expect((await botSaid(v)).slice(4)).toEqual(['Veja a foto', 'foto.png', 'E agora?', SECOND_MENU]);
    const t = await ticketOf(company, 'Ana Fluxo');
    const page = await company.admin.get(`/messages/${t.id}`);
    const picture = page.body.messages.find((m: Message) => m.body === 'foto.png');
    expect(picture).toMatchObject({ fromMe: true, mediaType: 'image' });
    // the interval's job delivered again: the step it was armed for is gone, nothing is sent twice
    const state = (await currentTicket(company.companyId, t.id))!.flow!;
    await queue().send('jobs', {
      body: JSON.stringify({ type: FLOW_INTERVAL_JOB, companyId: company.companyId, ticketId: t.id, step: state.step - 1 }),
    });
    await runtime.drainQueues();
    expect(await botSaid(v)).toHaveLength(8);
    await v.say('1');
    expect((await botSaid(v)).at(-1)).toBe(SUPPORT_GREETING);
    expect(await ticketOf(company, 'Ana Fluxo')).toMatchObject({ status: 'pending', queueId: support.id, userId: null });
    expect((await currentTicket(company.companyId, t.id))!.flow).toBeNull();
  });

  it('takes the randomizer way the random number says', async () => {
    runtime.setRandom(0.2);
    const lucky = await visitor('Bia Sorte');
    await lucky.say('Oi');
    await lucky.say('2');
    expect((await botSaid(lucky)).at(-1)).toBe('Sorte!');
    runtime.setRandom(0.9);
    const unlucky = await visitor('Caio Azar');
    await unlucky.say('Oi');
    await unlucky.say('2');
    expect((await botSaid(unlucky)).at(-1)).toBe('Azar!');
    // the flow ended: the ticket is the queues' again (the connection's queue menu)
    await unlucky.say('Oi de novo');
    expect((await botSaid(unlucky)).at(-1)).toContain('Escolha um setor:');
  });

  it('keeps a question answer in a variable and branches on a condition', async () => {
    const adult = await visitor('Davi Idade');
    await adult.say('Oi');
    await adult.say('3');
    expect((await botSaid(adult)).at(-1)).toBe('Sua idade?');
    await adult.say('20');
    expect((await botSaid(adult)).at(-1)).toBe('Maior de idade: 20');
    const minor = await visitor('Eva Idade');
    await minor.say('Oi');
    await minor.say('3');
    await minor.say('15');
    expect((await botSaid(minor)).at(-1)).toBe('Menor de idade');
  });

  it('never answers a redelivered message twice', async () => {
    const v = await visitor('Fabio Repete');
    await v.say('Oi', 'client-1');
    await v.say('3', 'client-2');
    await v.say('3', 'client-2');
    expect(await botSaid(v)).toEqual(['Olá Fabio!', MENU, 'Sua idade?']);
    // the same stored messages handed to the engine again (redelivered events): their steps were taken, nothing is sent
    const t = await ticketOf(company, 'Fabio Repete');
    const messages: Message[] = (await company.admin.get(`/messages/${t.id}`)).body.messages;
    for (const body of ['Oi', '3']) {
      const stored = messages.find((m) => !m.fromMe && m.body === body)!;
      await answerCustomerMessage({
        name: 'message.received',
        companyId: company.companyId,
        message: stored,
        ticket: t,
        contact: null,
      });
    }
    await runtime.drainQueues();
    expect(await botSaid(v)).toEqual(['Olá Fabio!', MENU, 'Sua idade?']);
    await v.say('30');
    expect((await botSaid(v)).at(-1)).toBe('Maior de idade: 30');
  });

  it("starts nothing for a switched-off flow, and refuses flows that are not the company's", async () => {
    // ids count per company: the other company's flows are unknown ids here
    const other = await signupCompany(runtime, 'Outra Loja');
    for (const name of ['Alheio 1', 'Alheio 2', 'Alheio 3']) await other.admin.post('/flowbuilder', { name });
    const foreign = (await other.admin.post('/flowbuilder', { name: 'Alheio 4' })).body;
    const refused = await company.admin.put(`/whatsapp/${company.connectionId}`, { flowIdNotPhrase: foreign.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ path: 'body.flowIdNotPhrase', message: `Unknown flow ${foreign.id}` }]);
    expect((await company.admin.get(`/whatsapp/${company.connectionId}`)).body.flowIdNotPhrase).toBeNull();
    expect((await company.admin.put('/flowbuilder', { flowId, name: 'Atendimento', active: false })).status).toBe(200);
    // the engine reads the switched-off flow at the next message, once its copy of the graph has run out
    outliveLookupCaches(runtime);
    try {
      const v = await visitor('Gil Desligado');
      await v.say('Oi');
      expect(await botSaid(v)).toEqual([expect.stringContaining('Escolha um setor:')]);
    } finally {
      await company.admin.put('/flowbuilder', { flowId, name: 'Atendimento', active: true });
    }
  });
});
