/**
 * Phrase campaigns starting flows (server reference 5.4, rule 1), played through the web chat channel: an admin
 * draws flows and campaigns through the API; visitors write through the real widget API and read what answered.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@switchboard/shared/contracts/messages';
import { FLOW_INVALID_OPTION_TEXT } from '@switchboard/shared/flows/run';
import { outliveLookupCaches, startApi } from '../../../test/api.ts';
import { botSaid, signupCompany, ticketOf, Visitor, type TestCompany } from '../../../test/inbox.ts';
import type { Runtime } from '../../../infra/local/runtime.ts';
import { currentTicket } from '../modules/tickets/tickets.service.ts';
import { answerCustomerMessage } from './conversation-engine.ts';

let runtime: Runtime;
let company: TestCompany;
let otherConnectionId: number;
const flows: Record<string, number> = {};

const at = { x: 0, y: 0 };
const saying = (text: string) => ({
  nodes: [
    { id: '1', type: 'start', position: at, data: { label: 'Inicio' } },
    { id: 'say', type: 'message', position: at, data: { label: text } },
  ],
  connections: [{ source: '1', target: 'say' }],
});
const MENU_TEXT = 'Escolha:\n\n[1] Um\n[2] Dois';
const menuGraph = () => ({
  nodes: [
    { id: '1', type: 'start', position: at, data: { label: 'Inicio' } },
    {
      id: 'menu',
      type: 'menu',
      position: at,
      data: {
        message: 'Escolha:',
        arrayOption: [
          { number: 1, value: 'Um' },
          { number: 2, value: 'Dois' },
        ],
      },
    },
    { id: 'one', type: 'message', position: at, data: { label: 'Escolheu um' } },
  ],
  connections: [
    { source: '1', target: 'menu' },
    { source: 'menu', sourceHandle: 'a1', target: 'one' },
  ],
});

const drawFlow = async (name: string, graph: { nodes: unknown[]; connections: unknown[] }): Promise<number> => {
  const created = await company.admin.post('/flowbuilder', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const saved = await company.admin.post('/flowbuilder/flow', { idFlow: created.body.id, ...graph });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.body.id as number;
};

const campaign = async (body: Record<string, unknown>): Promise<number> => {
  const res = await company.admin.post('/flowcampaign', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Campanhas');
  const second = await company.admin.post('/whatsapp', { channel: 'webchat', name: 'Outro site' });
  expect(second.status, JSON.stringify(second.body)).toBe(201);
  otherConnectionId = second.body.id;
  flows.promo = await drawFlow('Promo', saying('Promo: 10% off'));
  flows.price = await drawFlow('Preço', saying('Falando de preço'));
  flows.notPhrase = await drawFlow('Não entendi', saying('Não entendi'));
  flows.never = await drawFlow('Nunca', saying('Nunca deveria'));
  flows.menu = await drawFlow('Menu', menuGraph());
  flows.first = await drawFlow('Primeira', saying('A primeira campanha'));
  flows.second = await drawFlow('Segunda', saying('A segunda campanha'));
  const conn = await company.admin.put(`/whatsapp/${company.connectionId}`, { flowIdNotPhrase: flows.notPhrase });
  expect(conn.status, JSON.stringify(conn.body)).toBe(200);
  // lowest id first: "primeira" is created before "segunda", and both match "oferta dupla"
  await campaign({ name: 'Primeira', flowId: flows.first, allConnections: true, phrases: [{ text: 'dupla', type: 'partial' }] });
  await campaign({
    name: 'Segunda',
    flowId: flows.second,
    allConnections: true,
    phrases: [{ text: 'oferta dupla', type: 'exact' }],
  });
  await campaign({ name: 'Promo', flowId: flows.promo, whatsappId: company.connectionId, phrase: 'Quero promo' });
  await campaign({
    name: 'Preço',
    flowId: flows.price,
    whatsappIds: [company.connectionId],
    phrases: [{ text: 'preço', type: 'partial' }],
  });
  await campaign({ name: 'Desligada', flowId: flows.never, allConnections: true, phrase: 'desligada', status: false });
  await campaign({ name: 'Outro site', flowId: flows.never, whatsappIds: [otherConnectionId], phrase: 'outro site' });
  await campaign({ name: 'Menu', flowId: flows.menu, allConnections: true, phrase: 'menu' });
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

const visitor = (name: string) => new Visitor(runtime, company.webchatToken).start(name);

describe('phrase campaigns in the flow runtime', () => {
  it('starts the campaign whose exact phrase the message is, trimmed and in any case', async () => {
    const v = await visitor('Ana Exata');
    await v.say('  QUERO Promo ');
    expect(await botSaid(v)).toEqual(['Promo: 10% off']);
  });

  it('starts the campaign whose partial phrase the message contains', async () => {
    const v = await visitor('Bia Parcial');
    await v.say('Qual o PREÇO disso?');
    expect(await botSaid(v)).toEqual(['Falando de preço']);
  });

  it("runs the connection's not-phrase flow when no campaign matched", async () => {
    const v = await visitor('Caio Nada');
    await v.say('quero promo agora');
    expect(await botSaid(v)).toEqual(['Não entendi']);
  });

  it('ignores a switched-off campaign and a campaign of another connection', async () => {
    const off = await visitor('Davi Desligada');
    await off.say('desligada');
    expect(await botSaid(off)).toEqual(['Não entendi']);
    const elsewhere = await visitor('Eva Outro Site');
    await elsewhere.say('outro site');
    expect(await botSaid(elsewhere)).toEqual(['Não entendi']);
  });

  it('lets the lowest campaign id win when several match', async () => {
    const v = await visitor('Fabio Dupla');
    await v.say('oferta dupla');
    expect(await botSaid(v)).toEqual(['A primeira campanha']);
  });

  it('starts a campaign on a later message of the ticket, once no flow runs', async () => {
    const v = await visitor('Gil Depois');
    await v.say('bom dia');
    expect(await botSaid(v)).toEqual(['Não entendi']);
    await v.say('quero promo');
    expect(await botSaid(v)).toEqual(['Não entendi', 'Promo: 10% off']);
  });

  it('leaves the message to a running flow: a phrase typed at a menu is a menu answer', async () => {
    const v = await visitor('Hugo Menu');
    await v.say('menu');
    expect(await botSaid(v)).toEqual([MENU_TEXT]);
    await v.say('quero promo');
    expect((await botSaid(v)).slice(1)).toEqual([FLOW_INVALID_OPTION_TEXT, MENU_TEXT]);
    await v.say('1');
    expect((await botSaid(v)).at(-1)).toBe('Escolheu um');
  });

  it('never starts a campaign twice for a redelivered message', async () => {
    const v = await visitor('Iris Repete');
    await v.say('quero promo', 'client-1');
    await v.say('quero promo', 'client-1');
    expect(await botSaid(v)).toEqual(['Promo: 10% off']);
    // the stored message handed to the engine again (a redelivered event): the flow took it already
    const t = await ticketOf(company, 'Iris Repete');
    const messages: Message[] = (await company.admin.get(`/messages/${t.id}`)).body.messages;
    const stored = messages.find((m) => !m.fromMe && m.body === 'quero promo')!;
    await answerCustomerMessage({
      name: 'message.received',
      companyId: company.companyId,
      message: stored,
      ticket: t,
      contact: null,
    });
    await answerCustomerMessage({
      name: 'message.received',
      companyId: company.companyId,
      message: stored,
      ticket: t,
      contact: null,
    });
    await runtime.drainQueues();
    expect(await botSaid(v)).toEqual(['Promo: 10% off']);
    // a new message with the phrase starts it again
    await v.say('quero promo');
    expect(await botSaid(v)).toEqual(['Promo: 10% off', 'Promo: 10% off']);
  });

  it('ends a running flow quietly when its flow was deleted', async () => {
    const doomed = await drawFlow('Menu apagado', menuGraph());
    await campaign({ name: 'Apagada', flowId: doomed, allConnections: true, phrase: 'apagar' });
    // the inbound function reads the company's active campaigns anew once its copy ran out
    outliveLookupCaches(runtime);
    const v = await visitor('Joana Apagada');
    await v.say('apagar');
    expect(await botSaid(v)).toEqual([MENU_TEXT]);
    const t = await ticketOf(company, 'Joana Apagada');
    expect((await currentTicket(company.companyId, t.id))!.flow).toMatchObject({ flowId: doomed });
    expect((await company.admin.delete(`/flowbuilder/${doomed}`)).status).toBe(200);
    // and the flow's graph it runs by
    outliveLookupCaches(runtime);
    await v.say('1');
    const said = await botSaid(v);
    expect(said).not.toContain('Escolheu um');
    expect(said).not.toContain(FLOW_INVALID_OPTION_TEXT);
    expect((await currentTicket(company.companyId, t.id))!.flow).toBeNull();
    // and its campaign starts nothing any more
    const w = await visitor('Kaio Apagada');
    await w.say('apagar');
    expect(await botSaid(w)).toEqual(['Não entendi']);
  });
});
