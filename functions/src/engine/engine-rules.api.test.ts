/**
 * The engine's rules beyond the menus, played through the web chat channel with a fixed clock: LGPD consent (and
 * LGPD on without its message), the NPS rating, collective vacation, audio refusal, the queue position, transfers
 * (message and closeTicketOnTransfer), wallets and the farewell of a waiting ticket. The timed rules are ticket-timers.api.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outliveLookupCaches, startApi } from '../../../test/api.ts';
import {
  addQueue,
  addAgent,
  botSaid,
  signupCompany,
  ticketOf as ticketIn,
  Visitor,
  type TestCompany,
} from '../../../test/inbox.ts';
import type { Runtime } from '../../../infra/local/runtime.ts';
import { inboundDeduplicationId, inboundGroupId, type InboundEvent } from '@switchboard/shared/connector';
import { queue } from '../platform/ports/ports.ts';
import { getRating } from '../modules/ratings/ratings.service.ts';
import {
  AUDIO_REFUSED_TEXT,
  EXIT_LINE,
  INVALID_OPTION_TEXT,
  LGPD_PROMPT_TEXT,
  LGPD_REFUSED_TEXT,
  queueMenuText,
} from './bot-texts.ts';

let runtime: Runtime;

beforeAll(async () => {
  runtime = await startApi();
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

/** The engine's own states come first: a contact's ticket waits in LGPD consent or an NPS rating before it is pending again. */
const ticketOf = (c: TestCompany, name: string, statuses = ['lgpd', 'nps', 'pending', 'open', 'closed']) =>
  ticketIn(c, name, statuses);

const setting = async (c: TestCompany, key: string, value: string) => {
  const res = await c.admin.put(`/settings/${key}`, { value });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const connection = async (c: TestCompany, body: Record<string, unknown>) => {
  const res = await c.admin.put(`/whatsapp/${c.connectionId}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const COMPLETION = 'Obrigado pelo contato!';

describe('LGPD consent', () => {
  let shop: TestCompany;
  let finance: { id: number };
  const MENU = queueMenuText('Bem-vindo!', ['Atendimento', 'Financeiro']);
  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja LGPD');
    await setting(shop, 'lgpdMessage', 'Tratamos seus dados conforme a LGPD.');
    await setting(shop, 'lgpdLink', 'https://loja.example/privacidade');
    await setting(shop, 'enableLGPD', 'enabled');
    const created = await addQueue(shop.admin, {
      name: 'Financeiro',
      color: '#0a7d5a',
      greetingMessage: 'Financeiro: em que podemos ajudar?',
      orderQueue: 2,
    });
    finance = created.body;
    await connection(shop, {
      complationMessage: COMPLETION,
      greetingMessage: 'Bem-vindo!',
      queueIds: [shop.queueId, finance.id],
    });
  });

  it('asks first; on 1 sends the greeting with the sector menu, and the next answer chooses the sector', async () => {
    const v = await new Visitor(runtime, shop.webchatToken).start('Lia Aceita');
    await v.say('Oi');
    expect(await botSaid(v)).toEqual([
      'Tratamos seus dados conforme a LGPD.',
      'https://loja.example/privacidade',
      LGPD_PROMPT_TEXT,
    ]);
    const asked = await ticketOf(shop, 'Lia Aceita');
    expect(asked.status).toBe('lgpd');
    await v.say('1');
    // the 1 answered the question: it does not pick the first sector
    expect((await botSaid(v)).slice(3)).toEqual([MENU]);
    const after = await ticketOf(shop, 'Lia Aceita');
    expect(after).toMatchObject({ status: 'pending', queueId: null });
    expect((await shop.admin.get(`/contacts/${after.contactId}`)).body.lgpdAcceptedAt).toEqual(expect.any(String));
    const logs = await shop.admin.get(`/tickets-log/${after.id}`);
    expect(logs.body.map((l: { type: string }) => l.type)).toContain('lgpd');
    await v.say('2');
    expect((await botSaid(v)).at(-1)).toBe('Financeiro: em que podemos ajudar?');
    expect(await ticketOf(shop, 'Lia Aceita')).toMatchObject({ id: after.id, status: 'pending', queueId: finance.id });
  });

  it('asks again on any other answer while under maxUseBotQueues, then falls silent', async () => {
    const v = await new Visitor(runtime, shop.webchatToken).start('Rui Indeciso');
    await v.say('Oi');
    await v.say('talvez');
    expect((await botSaid(v)).filter((b) => b === LGPD_PROMPT_TEXT)).toHaveLength(2);
    await v.say('hmm');
    await v.say('não sei');
    // three questions in all (the default maxUseBotQueues), then silence
    expect((await botSaid(v)).filter((b) => b === LGPD_PROMPT_TEXT)).toHaveLength(3);
    expect((await ticketOf(shop, 'Rui Indeciso')).status).toBe('lgpd');
  });

  it('closes with the completion message on 2, and with a closing text where the connection has none', async () => {
    const v = await new Visitor(runtime, shop.webchatToken).start('Teo Recusa');
    await v.say('Oi');
    await v.say('2');
    expect((await botSaid(v)).slice(3)).toEqual([COMPLETION]);
    const closed = await ticketOf(shop, 'Teo Recusa');
    expect(closed).toMatchObject({ status: 'closed', queueId: null });
    expect((await shop.admin.get(`/contacts/${closed.contactId}`)).body.lgpdAcceptedAt ?? null).toBeNull();

    await connection(shop, { complationMessage: '' });
    try {
      // the inbound function reads the connection anew only once its copy ran out
      outliveLookupCaches(runtime);
      const quiet = await new Visitor(runtime, shop.webchatToken).start('Bia Recusa');
      await quiet.say('Oi');
      await quiet.say('2');
      expect((await botSaid(quiet)).slice(3)).toEqual([LGPD_REFUSED_TEXT]);
      expect((await ticketOf(shop, 'Bia Recusa')).status).toBe('closed');
    } finally {
      await connection(shop, { complationMessage: COMPLETION });
    }
  });
});

describe('LGPD on without a consent message', () => {
  it('asks no consent question and still masks the numbers agents see', async () => {
    const shop = await signupCompany(runtime, 'Loja Discreta');
    await setting(shop, 'enableLGPD', 'enabled');
    await setting(shop, 'lgpdHideNumber', 'enabled');
    await connection(shop, { greetingMessage: 'Olá! Em que podemos ajudar?' });
    const v = await new Visitor(runtime, shop.webchatToken).start('Caio Direto');
    await v.say('Oi');
    expect(await botSaid(v)).toEqual(['Olá! Em que podemos ajudar?']);
    expect((await ticketOf(shop, 'Caio Direto')).status).toBe('pending');

    const agent = await addAgent(runtime, shop);
    const contact = await shop.admin.post('/contacts', { name: 'Cliente Discreto', number: '5511987654321' });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const opened = await shop.admin.post('/tickets', {
      contactId: contact.body.id,
      queueId: shop.queueId,
      whatsappId: shop.connectionId,
      userId: agent.id,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const seenByAgent = (await agent.client.get('/tickets?status=open')).body.tickets.find(
      (t: { id: number }) => t.id === opened.body.id,
    );
    expect(seenByAgent.contact.number).toBe('55119******21');
    const seenByAdmin = (await shop.admin.get('/tickets?status=open&showAll=true')).body.tickets.find(
      (t: { id: number }) => t.id === opened.body.id,
    );
    expect(seenByAdmin.contact.number).toBe('5511987654321');
  });
});

describe('NPS rating', () => {
  let shop: TestCompany;
  let agent: Awaited<ReturnType<typeof addAgent>>;
  const RATING = 'De 0 a 10, quanto você recomenda nosso atendimento?';
  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja NPS');
    agent = await addAgent(runtime, shop);
    await setting(shop, 'userRating', 'enabled');
    await connection(shop, {
      complationMessage: COMPLETION,
      ratingMessage: RATING,
      expiresTicketNPS: 30,
      maxUseBotQueuesNPS: 2,
      timeCreateNewTicket: 60,
    });
  });

  const servedTicket = async (name: string) => {
    const v = await new Visitor(runtime, shop.webchatToken).start(name);
    await v.say('Preciso de ajuda');
    const t = await ticketOf(shop, name);
    expect((await agent.client.put(`/tickets/${t.id}`, { status: 'open' })).status).toBe(200);
    expect((await agent.client.post(`/messages/${t.id}`, { body: 'Resolvido!' })).status).toBe(201);
    return { v, t };
  };

  it('asks for a rating on close instead of the farewell, and closes with the completion message on an answer', async () => {
    const { v, t } = await servedTicket('Nina Nota');
    expect((await agent.client.put(`/tickets/${t.id}`, { status: 'closed' })).status).toBe(200);
    await runtime.drainQueues();
    expect((await botSaid(v)).at(-1)).toBe(RATING);
    expect((await shop.admin.get(`/tickets/${t.id}`)).body.status).toBe('nps');
    await v.say('9');
    expect((await botSaid(v)).at(-1)).toBe(COMPLETION);
    const closed = (await shop.admin.get(`/tickets/${t.id}`)).body;
    expect(closed.status).toBe('closed');
    expect(await getRating(shop.companyId, t.id)).toMatchObject({ rate: 9, userId: agent.id });
    // a rated conversation is over: the next message opens a new ticket, even within timeCreateNewTicket
    await v.say('Oi de novo');
    const next = await ticketOf(shop, 'Nina Nota', ['pending']);
    expect(next.id).not.toBe(t.id);
  });

  it('clamps a rating above 10, and re-asks on text only maxUseBotQueuesNPS times', async () => {
    const { v, t } = await servedTicket('Caio Nota');
    await agent.client.put(`/tickets/${t.id}`, { status: 'closed' });
    await runtime.drainQueues();
    await v.say('ótimo');
    expect((await botSaid(v)).slice(-2)).toEqual([INVALID_OPTION_TEXT, RATING]);
    await v.say('muito bom');
    // asked twice in all (maxUseBotQueuesNPS 2): silence now
    expect((await botSaid(v)).filter((b) => b === RATING)).toHaveLength(2);
    await v.say('15');
    expect(await getRating(shop.companyId, t.id)).toMatchObject({ rate: 10 });
  });

  it('does not ask when the agent closes without the farewell', async () => {
    const { v, t } = await servedTicket('Edu Sem');
    await agent.client.put(`/tickets/${t.id}`, { status: 'closed', sendFarewellMessage: false });
    await runtime.drainQueues();
    expect(await botSaid(v)).not.toContain(RATING);
    expect((await shop.admin.get(`/tickets/${t.id}`)).body.status).toBe('closed');
  });
});

describe('collective vacation, audio refusal and queue position', () => {
  let shop: TestCompany;
  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja Férias');
  });

  it('tells the customer of the vacation once, and nothing else, between its days', async () => {
    await connection(shop, {
      collectiveVacationMessage: 'Estamos em férias coletivas até 05/01.',
      collectiveVacationStart: '2026-12-20',
      collectiveVacationEnd: '2027-01-05',
    });
    runtime.setClock({ at: Date.parse('2026-12-24T15:00:00.000Z') });
    const v = await new Visitor(runtime, shop.webchatToken).start('Vera Férias');
    await v.say('Oi');
    await v.say('Alguém?');
    expect(await botSaid(v)).toEqual(['Estamos em férias coletivas até 05/01.']);
    runtime.setClock({ at: Date.parse('2027-01-06T15:00:00.000Z') });
    await v.say('Voltaram?');
    expect(await botSaid(v)).toHaveLength(1);
    runtime.setClock(undefined);
    await connection(shop, { collectiveVacationMessage: '', collectiveVacationStart: null, collectiveVacationEnd: null });
  });

  it('answers an audio with a request for text, quoting it, when the company does not accept audios', async () => {
    await setting(shop, 'acceptAudioMessageContact', 'disabled');
    const v = await new Visitor(runtime, shop.webchatToken).start('Otto Áudio');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Otto Áudio');
    // an audio as a channel brings one, through the inbound function
    const audio: InboundEvent = {
      kind: 'message',
      companyId: shop.companyId,
      connectionId: shop.connectionId,
      channel: 'webchat',
      contact: { identity: v.id, name: 'Otto Áudio', isGroup: false },
      channelMessageId: `w-${v.id}-audio-1`,
      fromMe: false,
      body: '',
      mediaType: 'audio',
      at: new Date().toISOString(),
    };
    await queue().send('inbound.fifo', {
      body: JSON.stringify(audio),
      groupId: inboundGroupId(audio),
      deduplicationId: inboundDeduplicationId(audio),
    });
    await runtime.drainQueues();
    const page = await shop.admin.get(`/messages/${t.id}`);
    const refusal = page.body.messages.find((m: { body: string }) => m.body === AUDIO_REFUSED_TEXT);
    expect(refusal).toBeDefined();
    expect(refusal.quotedMsg?.mediaType).toBe('audio');
    await setting(shop, 'acceptAudioMessageContact', 'enabled');
  });

  it('tells a customer entering a queue without options their place in it', async () => {
    await setting(shop, 'sendQueuePositionMessage', 'Sua posição na fila:');
    await setting(shop, 'sendQueuePosition', 'enabled');
    const second = await addQueue(shop.admin, {
      name: 'Vendas',
      color: '#0a7d33',
      greetingMessage: 'Vendas: aguarde um atendente.',
    });
    await connection(shop, { greetingMessage: 'Escolha:', queueIds: [shop.queueId, second.body.id] });
    outliveLookupCaches(runtime);
    const first = await new Visitor(runtime, shop.webchatToken).start('Ana Fila');
    await first.say('Oi');
    await first.say('2');
    expect((await botSaid(first)).slice(-2)).toEqual(['Vendas: aguarde um atendente.', 'Sua posição na fila: *1*']);
    const next = await new Visitor(runtime, shop.webchatToken).start('Bia Fila');
    await next.say('Oi');
    expect((await botSaid(next))[0]).toContain(EXIT_LINE);
    await next.say('2');
    expect((await botSaid(next)).at(-1)).toBe('Sua posição na fila: *2*');
  });
});

describe('transfers, wallets and the farewell of a waiting ticket', () => {
  let shop: TestCompany;
  let ana: Awaited<ReturnType<typeof addAgent>>;
  let support: { id: number; name: string };
  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja Transfer');
    ana = await addAgent(runtime, shop);
    const created = await addQueue(shop.admin, { name: 'Suporte', color: '#aa3300', greetingMessage: 'Suporte técnico' });
    support = created.body;
    await connection(shop, { complationMessage: COMPLETION });
    await setting(shop, 'transferMessage', 'Você foi transferido para o setor ${queue.name}.');
    await setting(shop, 'sendMsgTransfTicket', 'enabled');
  });

  it("tells the customer the target queue's name on a transfer to another queue", async () => {
    const v = await new Visitor(runtime, shop.webchatToken).start('Gil Transf');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Gil Transf');
    await ana.client.put(`/tickets/${t.id}`, { status: 'open' });
    const moved = await ana.client.put(`/tickets/${t.id}`, {
      isTransfered: true,
      queueId: support.id,
      userId: null,
      msgTransfer: 'Cliente quer suporte',
    });
    expect(moved.status).toBe(200);
    await runtime.drainQueues();
    expect((await botSaid(v)).at(-1)).toBe('Você foi transferido para o setor Suporte.');
  });

  it('with closeTicketOnTransfer, closes the ticket and continues in a new one of the target queue with the note', async () => {
    await setting(shop, 'closeTicketOnTransfer', 'enabled');
    const v = await new Visitor(runtime, shop.webchatToken).start('Iris Nova');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Iris Nova');
    await ana.client.put(`/tickets/${t.id}`, { status: 'open' });
    const moved = await ana.client.put(`/tickets/${t.id}`, {
      isTransfered: true,
      queueId: support.id,
      userId: null,
      msgTransfer: 'Nota da transferência',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.id).not.toBe(t.id);
    expect(moved.body).toMatchObject({ status: 'pending', queueId: support.id });
    expect((await shop.admin.get(`/tickets/${t.id}`)).body.status).toBe('closed');
    const notes = await shop.admin.get(`/messages/${moved.body.id}`);
    expect(
      notes.body.messages.some((m: { body: string; isPrivate: boolean }) => m.isPrivate && m.body === 'Nota da transferência'),
    ).toBe(true);
    // the customer's next message lands in the new ticket
    await v.say('Obrigada');
    expect((await ticketOf(shop, 'Iris Nova', ['pending'])).id).toBe(moved.body.id);
    await setting(shop, 'closeTicketOnTransfer', 'disabled');
  });

  it('sends a returning contact straight to their wallet agent when DirectTicketsToWallets is on', async () => {
    await setting(shop, 'DirectTicketsToWallets', 'enabled');
    const v = await new Visitor(runtime, shop.webchatToken).start('Jonas Carteira');
    await v.say('Oi');
    const first = await ticketOf(shop, 'Jonas Carteira');
    await ana.client.put(`/tickets/${first.id}`, { status: 'open' });
    await ana.client.put(`/tickets/${first.id}`, { status: 'closed', sendFarewellMessage: false });
    await v.say('Voltei');
    const second = await ticketOf(shop, 'Jonas Carteira', ['pending']);
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ userId: ana.id, queueId: shop.queueId });
    await setting(shop, 'DirectTicketsToWallets', 'disabled');
  });

  it('sends the farewell when closing a waiting ticket only with sendFarewellWaitingTicket', async () => {
    const v = await new Visitor(runtime, shop.webchatToken).start('Kim Espera');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Kim Espera');
    await shop.admin.put(`/tickets/${t.id}`, { status: 'closed' });
    await runtime.drainQueues();
    expect(await botSaid(v)).not.toContain(COMPLETION);
    await setting(shop, 'sendFarewellWaitingTicket', 'enabled');
    const w = await new Visitor(runtime, shop.webchatToken).start('Lu Espera');
    await w.say('Oi');
    const u = await ticketOf(shop, 'Lu Espera');
    await shop.admin.put(`/tickets/${u.id}`, { status: 'closed' });
    await runtime.drainQueues();
    expect(await botSaid(w)).toContain(COMPLETION);
  });
});

describe('menus as buttons, and userRandom', () => {
  let shop: TestCompany;
  let second: { id: number };
  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja Botões');
    const created = await addQueue(shop.admin, {
      name: 'Vendas',
      color: '#0a7d33',
      greetingMessage: 'Vendas: um atendente já vem.',
    });
    second = created.body;
    await connection(shop, { greetingMessage: 'Escolha um setor:', queueIds: [shop.queueId, second.id] });
  });

  it('keeps the menu as text and offers its options as buttons with chatBotType button', async () => {
    await setting(shop, 'chatBotType', 'button');
    const v = await new Visitor(runtime, shop.webchatToken).start('Bruno Botão');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Bruno Botão');
    const page = await shop.admin.get(`/messages/${t.id}`);
    const menu = page.body.messages.find((m: { fromMe: boolean }) => m.fromMe);
    expect(menu.body).toContain('*[ 2 ]* - Vendas');
    expect(menu.menu).toEqual({
      kind: 'button',
      options: [
        { id: '1', title: 'Atendimento' },
        { id: '2', title: 'Vendas' },
        { id: 'sair', title: 'Sair' },
      ],
    });
    await setting(shop, 'chatBotType', 'text');
    const w = await new Visitor(runtime, shop.webchatToken).start('Tina Texto');
    await w.say('Oi');
    const plain = (await shop.admin.get(`/messages/${(await ticketOf(shop, 'Tina Texto')).id}`)).body.messages.find(
      (m: { fromMe: boolean }) => m.fromMe,
    );
    expect(plain.menu ?? null).toBeNull();
  });

  it('hands the ticket to an online member of the chosen queue with userRandom', async () => {
    const seller = await addAgent(runtime, shop, { queueIds: [second.id] }, 'Vera Vendedora');
    await setting(shop, 'userRandom', 'enabled');
    const v = await new Visitor(runtime, shop.webchatToken).start('Ugo Aleatório');
    await v.say('Oi');
    await v.say('2');
    const t = await ticketOf(shop, 'Ugo Aleatório');
    expect(t).toMatchObject({ status: 'pending', queueId: second.id, userId: seller.id });
    await setting(shop, 'userRandom', 'disabled');
  });
});
