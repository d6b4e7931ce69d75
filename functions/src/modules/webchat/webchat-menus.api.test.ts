/**
 * Bot menus in the website chat: with the company option chatBotType set to buttons, the engine's queue menu reaches
 * the visitor with its options (loaded and live), and the option's id sent back as text is taken as the choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../../test/api.ts';
import { addQueue, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;
let billing: { id: number; name: string };

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Botões');
  expect((await company.admin.put('/settings/chatBotType', { value: 'button' })).status).toBe(200);
  const created = await addQueue(company.admin, {
    name: 'Financeiro',
    color: '#345678',
    greetingMessage: 'Financeiro',
    orderQueue: 2,
  });
  billing = created.body;
  const conn = await company.admin.put(`/whatsapp/${company.connectionId}`, {
    greetingMessage: 'Olá! Escolha um setor:',
    queueIds: [company.queueId, billing.id],
  });
  expect(conn.status).toBe(200);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('bot menus in the website chat', () => {
  it("gives the visitor the bot's menu with its options, loaded and live, and takes an option's id as the choice", async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Ana Botões');
    const socket = await visitor.socket();
    try {
      await visitor.say('Oi');
      const { messages } = (await visitor.api().get(`/webchat/${company.webchatToken}/messages`)).body as { messages: any[] };
      const [hello, menu] = messages;
      expect(hello).toMatchObject({ body: 'Oi', fromVisitor: true, menu: null });
      expect(menu).toMatchObject({ fromVisitor: false, body: expect.stringContaining('Olá! Escolha um setor:') });
      expect(menu.menu.kind).toBe('button');
      expect(menu.menu.options.map((o: { id: string }) => o.id)).toEqual(['1', '2', 'sair']);
      expect(menu.menu.options[1]).toEqual({ id: '2', title: 'Financeiro' });
      const live = await socket.waitFor((f) => f.event === 'webchat-message' && f.data.id === menu.id);
      expect(live.data.menu).toEqual(menu.menu);

      await visitor.say('2');
      const list = await company.admin.get('/tickets?status=pending&showAll=true');
      const ticket = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Ana Botões');
      expect(ticket).toMatchObject({ queueId: billing.id });
    } finally {
      await socket.close();
    }
  });

  it('shows the agents the label of the button the visitor tapped, while the bot takes its option', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Caio Botões');
    await visitor.say('Oi');
    const echoed = await visitor.choose('Financeiro', '2');
    expect(echoed).toMatchObject({ body: 'Financeiro', fromVisitor: true });

    const list = await company.admin.get('/tickets?status=pending&showAll=true');
    const ticket = list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Caio Botões');
    expect(ticket).toMatchObject({ queueId: billing.id });
    const { messages } = (await company.admin.get(`/messages/${ticket.id}`)).body as {
      messages: { body: string; fromMe: boolean }[];
    };
    const fromVisitor = messages.filter((m) => !m.fromMe).map((m) => m.body);
    expect(fromVisitor).toEqual(['Oi', 'Financeiro']);
    const { messages: seen } = (await visitor.api().get(`/webchat/${company.webchatToken}/messages`)).body as {
      messages: { body: string; fromVisitor: boolean }[];
    };
    expect(seen.filter((m) => m.fromVisitor).map((m) => m.body)).toEqual(['Oi', 'Financeiro']);
  });

  it('refuses a choice that is not an option id', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Duda Botões');
    const res = await visitor
      .api()
      .post(`/webchat/${company.webchatToken}/messages`, { body: 'Financeiro', choice: 'x'.repeat(51) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('choice');
  });

  it('keeps menus out of plain company messages', async () => {
    expect((await company.admin.put('/settings/chatBotType', { value: 'text' })).status).toBe(200);
    try {
      const visitor = await new Visitor(runtime, company.webchatToken).start('Bia Texto');
      await visitor.say('Oi');
      const { messages } = (await visitor.api().get(`/webchat/${company.webchatToken}/messages`)).body as { messages: any[] };
      expect(messages.map((m) => [m.fromVisitor, m.menu])).toEqual([
        [true, null],
        [false, null],
      ]);
    } finally {
      expect((await company.admin.put('/settings/chatBotType', { value: 'button' })).status).toBe(200);
    }
  });
});
