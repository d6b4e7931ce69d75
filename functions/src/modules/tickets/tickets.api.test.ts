import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, SocketProbe, startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../../platform/table/client.ts';
import { updateCompanySettings } from '../tenancy/company-records.service.ts';
import { ticketPk } from './ticket.entity.ts';
import { createWebchatConnection } from '../connections/connections.service.ts';
import { createQueue } from '../queues/queues.service.ts';

let runtime: Runtime;
let company: TestCompany;

const pendingTicketOf = async (client: ApiClient, contactName: string) => {
  const list = await client.get('/tickets?status=pending');
  expect(list.status).toBe(200);
  return list.body.tickets.find((t: { contact: { name: string } }) => t.contact.name === contactName);
};

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Inbox');
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

describe('web chat to inbox', () => {
  it('brings a visitor message to the agents live, and the reply back to the visitor', async () => {
    const adminSocket = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    const config = await new ApiClient(runtime.url).get(`/webchat/${company.webchatToken}`);
    expect(config.body).toMatchObject({ companyName: 'Loja Inbox' });

    const visitor = await new Visitor(runtime, company.webchatToken).start('Joana Prado', { email: 'joana@example.com' });
    const visitorSocket = await visitor.socket();
    await visitor.say('Olá, preciso de ajuda');

    const created = await adminSocket.waitFor(
      (f) => f.event === `company-${company.companyId}-appMessage` && f.data.action === 'create',
    );
    expect(created.data.message).toMatchObject({ body: 'Olá, preciso de ajuda', fromMe: false });
    expect(created.data.ticket).toMatchObject({ status: 'pending', unreadMessages: 1, channel: 'webchat' });

    const ticket = await pendingTicketOf(company.admin, 'Joana Prado');
    expect(ticket).toMatchObject({ status: 'pending', lastMessage: 'Olá, preciso de ajuda', queue: { id: company.queueId } });
    expect((await visitor.conversation()).answered).toBe(false);

    const accepted = await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });
    expect(accepted.body).toMatchObject({ status: 'open', userId: company.adminId, user: { id: company.adminId } });

    const reply = await company.admin.post(`/messages/${ticket.id}`, { body: 'Oi {{firstName}}, como posso ajudar?' });
    expect(reply.status).toBe(201);
    // recorded and queued: the answer does not wait for the channel, whose outcome reaches the agents live
    expect(reply.body).toMatchObject({ body: 'Oi Joana, como posso ajudar?', fromMe: true, ack: 0 });
    const delivered = await visitorSocket.waitFor((f) => f.event === 'webchat-message');
    expect(delivered.data).toMatchObject({ body: 'Oi Joana, como posso ajudar?', fromVisitor: false });
    const acked = await adminSocket.waitFor(
      (f) =>
        f.event === `company-${company.companyId}-appMessage` &&
        f.data.action === 'update' &&
        f.data.message.id === reply.body.id,
    );
    expect(acked.data.message).toMatchObject({ ack: 2, error: null });

    const conversation = await visitor.conversation();
    expect(conversation.answered).toBe(true);
    expect(conversation.messages.map((m) => m.body)).toEqual(['Olá, preciso de ajuda', 'Oi Joana, como posso ajudar?']);

    const page = await company.admin.get(`/messages/${ticket.id}`);
    expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Olá, preciso de ajuda',
      'Oi Joana, como posso ajudar?',
    ]);
    expect(page.body.ticket.unreadMessages).toBe(0);
    await Promise.all([adminSocket.close(), visitorSocket.close()]);
  });

  it('validates the widget calls and refuses unknown chats and missing visitor tokens', async () => {
    const anonymous = new ApiClient(runtime.url);
    expect((await anonymous.get('/webchat/unknown-token-0000000000')).status).toBe(404);
    const bad = await anonymous.post(`/webchat/${company.webchatToken}/visitors`, { name: 'J', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body.email', 'body.name']);
    expect((await anonymous.post(`/webchat/${company.webchatToken}/messages`, { body: 'hi' })).status).toBe(401);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Carla Dias');
    expect((await visitor.api().post(`/webchat/${company.webchatToken}/messages`, { body: '   ' })).status).toBe(400);
    const other = await signupCompany(runtime);
    // a visitor token of one company's chat does not open another company's chat
    expect((await visitor.api().post(`/webchat/${other.webchatToken}/messages`, { body: 'hi' })).status).toBe(401);
  });

  it('rate-limits the messages of one visitor', async () => {
    runtime.setEnv({ WEBCHAT_MESSAGES_PER_VISITOR: '3' });
    try {
      const visitor = await new Visitor(runtime, company.webchatToken).start('Flood Bot');
      for (let i = 0; i < 3; i++)
        expect((await visitor.api().post(`/webchat/${company.webchatToken}/messages`, { body: `m${i}` })).status).toBe(202);
      const blocked = await visitor.api().post(`/webchat/${company.webchatToken}/messages`, { body: 'm4' });
      expect(blocked).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
      await runtime.drainQueues();
      expect((await visitor.conversation()).messages).toHaveLength(3);
      const other = await new Visitor(runtime, company.webchatToken).start('Calm Person');
      expect((await other.api().post(`/webchat/${company.webchatToken}/messages`, { body: 'oi' })).status).toBe(202);
    } finally {
      runtime.setEnv({ WEBCHAT_MESSAGES_PER_VISITOR: undefined });
    }
  });

  it('stores a resent message once (same client message id) and keeps the order', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Paulo Reis');
    await visitor.say('primeira', 'client-msg-0001');
    await visitor.say('primeira', 'client-msg-0001');
    await visitor.say('segunda', 'client-msg-0002');
    expect((await visitor.conversation()).messages.map((m) => m.body)).toEqual(['primeira', 'segunda']);
    const ticket = await pendingTicketOf(company.admin, 'Paulo Reis');
    expect(ticket.unreadMessages).toBe(2);
  });
});

describe('ticket transitions', () => {
  it('lets only one agent take a pending ticket and names the holder to the other', async () => {
    const ana = await addAgent(runtime, company, {}, 'Ana Lima');
    const bia = await addAgent(runtime, company, {}, 'Bia Costa');
    const visitor = await new Visitor(runtime, company.webchatToken).start('Rui Matos');
    await visitor.say('bom dia');
    const ticket = await pendingTicketOf(ana.client, 'Rui Matos');
    expect(ticket).toBeDefined();
    const [a, b] = await Promise.all([
      ana.client.put(`/tickets/${ticket.id}`, { status: 'open', userId: ana.id }),
      bia.client.put(`/tickets/${ticket.id}`, { status: 'open', userId: bia.id }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winnerName = a.status === 200 ? 'Ana Lima' : 'Bia Costa';
    expect(loser.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { user: { name: winnerName }, queue: { id: company.queueId } },
    });
  });

  it('transfers to another agent who gets it live, with the note stored privately and the log written', async () => {
    const carlos = await addAgent(runtime, company, {}, 'Carlos Nunes');
    const carlosSocket = await SocketProbe.open(runtime.url, `token=${carlos.client.token}`);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Lia Souza');
    await visitor.say('quero trocar um produto');
    const ticket = await pendingTicketOf(company.admin, 'Lia Souza');
    await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });

    const moved = await company.admin.put(`/tickets/${ticket.id}`, {
      userId: carlos.id,
      queueId: company.queueId,
      isTransfered: true,
      msgTransfer: 'cliente VIP',
    });
    expect(moved.body).toMatchObject({ status: 'open', userId: carlos.id, user: { name: 'Carlos Nunes' } });
    const live = await carlosSocket.waitFor(
      (f) =>
        f.event === `company-${company.companyId}-ticket` &&
        f.data.action === 'update' &&
        f.data.ticket.id === ticket.id &&
        f.data.ticket.userId === carlos.id,
    );
    expect(live.data.ticket.status).toBe('open');

    const mine = await carlos.client.get('/tickets?status=open');
    expect(mine.body.tickets.map((t: { id: number }) => t.id)).toContain(ticket.id);
    const messages = await carlos.client.get(`/messages/${ticket.id}`);
    expect(messages.body.messages.find((m: { isPrivate: boolean }) => m.isPrivate)).toMatchObject({ body: 'cliente VIP' });
    expect((await visitor.conversation()).messages.map((m) => m.body)).not.toContain('cliente VIP');

    const logs = await carlos.client.get(`/tickets-log/${ticket.id}`);
    expect(logs.body.map((l: { type: string }) => l.type)).toEqual(
      expect.arrayContaining(['create', 'open', 'transfered', 'receivedTransfer']),
    );
    await carlosSocket.close();
  });

  it('returns to the queue, closes with the farewell, and reopens', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Tiago Alves');
    const visitorSocket = await visitor.socket();
    await visitor.say('oi');
    const ticket = await pendingTicketOf(company.admin, 'Tiago Alves');
    await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });
    const back = await company.admin.put(`/tickets/${ticket.id}`, { status: 'pending', userId: null });
    expect(back.body).toMatchObject({ status: 'pending', userId: null });
    await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });

    const closed = await company.admin.put(`/tickets/${ticket.id}`, { status: 'closed', sendFarewellMessage: true });
    expect(closed.body.status).toBe('closed');
    const farewell = await visitorSocket.waitFor(
      (f) => f.event === 'webchat-message' && f.data.body.startsWith('Atendimento finalizado'),
    );
    expect(farewell.data.body).toBe('Atendimento finalizado. Obrigado pelo contato, Tiago!');

    const reopened = await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });
    expect(reopened.body).toMatchObject({ status: 'open', closedAt: null });
    const logs = await company.admin.get(`/tickets-log/${ticket.id}`);
    expect(logs.body.map((l: { type: string }) => l.type)).toEqual(expect.arrayContaining(['pending', 'closed', 'reopen']));
    await visitorSocket.close();
  });

  it('closes without a farewell when asked, and a new message after closing opens a new ticket', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Nina Rocha');
    await visitor.say('primeira conversa');
    const first = await pendingTicketOf(company.admin, 'Nina Rocha');
    await company.admin.put(`/tickets/${first.id}`, { status: 'open', userId: company.adminId });
    await company.admin.put(`/tickets/${first.id}`, { status: 'closed', sendFarewellMessage: false });
    expect((await visitor.conversation()).messages.map((m) => m.body)).toEqual(['primeira conversa']);
    await visitor.say('voltei');
    const second = await pendingTicketOf(company.admin, 'Nina Rocha');
    expect(second.id).not.toBe(first.id);
  });

  it('refuses a second running ticket for a contact with the holder in the answer', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Otto Braga');
    await visitor.say('olá');
    const ticket = await pendingTicketOf(company.admin, 'Otto Braga');
    const res = await company.admin.post('/tickets', {
      contactId: ticket.contactId,
      queueId: company.queueId,
      whatsappId: company.connectionId,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { id: ticket.id, uuid: ticket.uuid, userId: null, queue: { id: company.queueId } },
    });
    const missingQueue = await company.admin.post('/tickets', { contactId: ticket.contactId });
    expect(missingQueue.status).toBe(400);
  });

  it('enforces requiredTag and userClosePendingTicket', async () => {
    const agent = await addAgent(runtime, company, { userClosePendingTicket: 'disabled' });
    const visitor = await new Visitor(runtime, company.webchatToken).start('Vera Luz');
    await visitor.say('oi');
    const ticket = await pendingTicketOf(agent.client, 'Vera Luz');
    expect((await agent.client.put(`/tickets/${ticket.id}`, { status: 'closed', sendFarewellMessage: false })).status).toBe(403);
    await updateCompanySettings(company.companyId, { requiredTag: 'enabled' });
    try {
      const res = await company.admin.put(`/tickets/${ticket.id}`, { status: 'closed', sendFarewellMessage: false });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_TICKET_TAG_REQUIRED' } });
    } finally {
      await updateCompanySettings(company.companyId, { requiredTag: 'disabled' });
    }
  });

  it('deletes tickets only with the permission and tells the viewers', async () => {
    const agent = await addAgent(runtime, company);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Ivo Pires');
    await visitor.say('oi');
    const ticket = await pendingTicketOf(company.admin, 'Ivo Pires');
    const socket = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);
    expect((await agent.client.delete(`/tickets/${ticket.id}`)).status).toBe(403);
    expect((await company.admin.delete(`/tickets/${ticket.id}`)).status).toBe(200);
    await socket.waitFor(
      (f) => f.event === `company-${company.companyId}-ticket` && f.data.action === 'delete' && f.data.ticketId === ticket.id,
    );
    expect((await company.admin.get(`/tickets/${ticket.id}`)).status).toBe(404);
    await runtime.drainQueues();
    const left = await table().send(
      new QueryCommand({
        TableName: runtime.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': ticketPk(company.companyId, ticket.id) },
      }),
    );
    expect(left.Items ?? []).toEqual([]);
    await socket.close();
  });
});

describe('ticket lists', () => {
  it('counts what the unread filter lets through, not the whole tab', async () => {
    const own = await signupCompany(runtime, 'Unread Co');
    const visitor = await new Visitor(runtime, own.webchatToken).start('Lida Souza');
    await visitor.say('primeira');
    const ticket = (await own.admin.get('/tickets?status=pending')).body.tickets[0];
    // accepting reads the conversation: the open tab has one ticket, with nothing unread
    await own.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: own.adminId });
    const unreadOnly = async () => (await own.admin.get('/tickets?status=open&withUnreadMessages=true')).body;
    expect(await unreadOnly()).toMatchObject({ tickets: [], count: 0, hasMore: false });
    expect((await own.admin.get('/tickets?status=open')).body.count).toBe(1);
    await visitor.say('segunda');
    const one = await unreadOnly();
    expect(one.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
    expect(one.count).toBe(1);
  });

  it('lists the statuses of the status filter without search text, paged, each as its tab shows it to the caller', async () => {
    const own = await signupCompany(runtime, 'Status Filter Co');
    const agent = await addAgent(runtime, own, { queueIds: [own.queueId] });
    const names = ['Ana Status', 'Bia Status', 'Caio Status', 'Davi Status', 'Edu Status'];
    for (const name of names) await new Visitor(runtime, own.webchatToken).start(name).then((v) => v.say('oi'));
    const pending = (await own.admin.get('/tickets?status=pending')).body.tickets as { id: number; contact: { name: string } }[];
    const idOf = (name: string) => pending.find((t) => t.contact.name === name)!.id;
    // Ana is the admin's open ticket, Bia the agent's, Caio is closed by the admin, Davi and Edu stay pending
    await own.admin.put(`/tickets/${idOf('Ana Status')}`, { status: 'open', userId: own.adminId });
    await agent.client.put(`/tickets/${idOf('Bia Status')}`, { status: 'open', userId: agent.id });
    await own.admin.put(`/tickets/${idOf('Caio Status')}`, { status: 'open', userId: own.adminId });
    await own.admin.put(`/tickets/${idOf('Caio Status')}`, { status: 'closed', sendFarewellMessage: false });

    const filtered = async (client: ApiClient, statuses: string[], extra = '') => {
      const res = await client.get(`/tickets?status=search&statusFilter=${encodeURIComponent(JSON.stringify(statuses))}${extra}`);
      expect(res.status).toBe(200);
      return res.body as {
        tickets: { contact: { name: string }; status: string }[];
        count: number;
        hasMore: boolean;
        nextCursor: string | null;
      };
    };
    const namesOf = (page: { tickets: { contact: { name: string } }[] }) => page.tickets.map((t) => t.contact.name).sort();

    expect(namesOf(await filtered(own.admin, ['open']))).toEqual(['Ana Status']);
    expect(namesOf(await filtered(own.admin, ['open', 'closed']))).toEqual(['Ana Status', 'Caio Status']);
    const adminPending = await filtered(own.admin, ['pending']);
    expect(namesOf(adminPending)).toEqual(['Davi Status', 'Edu Status']);
    expect(adminPending.count).toBe(2);
    // the agent sees their own open ticket, not the admin's
    expect(namesOf(await filtered(agent.client, ['open', 'pending']))).toEqual(['Bia Status', 'Davi Status', 'Edu Status']);
    // without statuses and without text the search view lists nothing
    expect((await own.admin.get('/tickets?status=search')).body).toMatchObject({ tickets: [], count: 0, hasMore: false });

    // pages of one ticket walk the merged statuses without gaps or repeats
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await filtered(own.admin, ['open', 'pending', 'closed'], `&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.tickets.map((t) => t.contact.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen.sort()).toEqual(['Ana Status', 'Caio Status', 'Davi Status', 'Edu Status']);
  });

  it('pages a tab with a cursor without gaps or repeats, and counts the tab', async () => {
    const own = await signupCompany(runtime, 'Paging Co');
    for (let i = 0; i < 23; i++)
      await new Visitor(runtime, own.webchatToken)
        .start(`Cliente ${String(i).padStart(2, '0')}`)
        .then((v) => v.say(`mensagem ${i}`));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { tickets: { id: number }[]; count: number; hasMore: boolean; nextCursor: string | null } } =
        await own.admin.get(`/tickets?status=pending&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.body.count).toBe(23);
      seen.push(...res.body.tickets.map((t) => t.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(23);
    expect((await own.admin.get('/tickets?status=pending&cursor=not-a-cursor')).body.fields[0].path).toBe('query.cursor');
    const ascending = await own.admin.get('/tickets?status=pending&limit=3&sortTickets=ASC');
    expect(ascending.body.tickets.map((t: { contact: { name: string } }) => t.contact.name)).toEqual([
      'Cliente 00',
      'Cliente 01',
      'Cliente 02',
    ]);
  });

  it('lists only the newest closed ticket of each contact and connection, and the earlier one again when it reopens', async () => {
    const own = await signupCompany(runtime, 'Closed Co');
    const visitor = await new Visitor(runtime, own.webchatToken).start('Lia Campos');
    const closeRunning = async (text: string) => {
      await visitor.say(text);
      const t = await pendingTicketOf(own.admin, 'Lia Campos');
      expect((await own.admin.put(`/tickets/${t.id}`, { status: 'open', userId: own.adminId })).status).toBe(200);
      expect((await own.admin.put(`/tickets/${t.id}`, { status: 'closed', sendFarewellMessage: false })).status).toBe(200);
      return t.id as number;
    };
    const closedTab = async () => {
      const res = await own.admin.get('/tickets?status=closed&showAll=true');
      expect(res.status).toBe(200);
      return { ids: res.body.tickets.map((t: { id: number }) => t.id) as number[], count: res.body.count as number };
    };
    const first = await closeRunning('primeira');
    expect(await closedTab()).toEqual({ ids: [first], count: 1 });
    const second = await closeRunning('segunda');
    const third = await closeRunning('terceira');
    expect(await closedTab()).toEqual({ ids: [third], count: 1 });

    // reopening the newest brings the one before it back; closing it again hides it once more
    expect((await own.admin.put(`/tickets/${third}`, { status: 'open', userId: own.adminId })).status).toBe(200);
    expect(await closedTab()).toEqual({ ids: [second], count: 1 });
    expect((await own.admin.put(`/tickets/${third}`, { status: 'closed', sendFarewellMessage: false })).status).toBe(200);
    expect(await closedTab()).toEqual({ ids: [third], count: 1 });

    // another contact's closed ticket is listed beside it; deleting the newest shows the earlier one again
    const other = await new Visitor(runtime, own.webchatToken).start('Rui Sales');
    await other.say('oi');
    const otherTicket = await pendingTicketOf(own.admin, 'Rui Sales');
    await own.admin.put(`/tickets/${otherTicket.id}`, { status: 'open', userId: own.adminId });
    await own.admin.put(`/tickets/${otherTicket.id}`, { status: 'closed', sendFarewellMessage: false });
    expect((await closedTab()).ids.sort()).toEqual([third, otherTicket.id].sort());
    expect((await own.admin.delete(`/tickets/${third}`)).status).toBe(200);
    expect((await closedTab()).ids.sort()).toEqual([second, otherTicket.id].sort());
    expect((await closedTab()).count).toBe(2);
  });

  it('shows agents only their queues, and sends them only what they may see', async () => {
    const own = await signupCompany(runtime, 'Queues Co');
    const outsider = await addAgent(runtime, own, { queueIds: [] });
    const insider = await addAgent(runtime, own);
    const outsiderSocket = await SocketProbe.open(runtime.url, `token=${outsider.client.token}`);
    const insiderSocket = await SocketProbe.open(runtime.url, `token=${insider.client.token}`);
    await new Visitor(runtime, own.webchatToken).start('Gil Ramos').then((v) => v.say('oi'));
    await insiderSocket.waitFor((f) => f.event === `company-${own.companyId}-appMessage`);
    expect((await insider.client.get('/tickets?status=pending')).body.tickets).toHaveLength(1);
    expect((await outsider.client.get('/tickets?status=pending')).body.tickets).toHaveLength(0);
    expect(outsiderSocket.frames.filter((f) => f.event.includes('appMessage') || f.event.includes('-ticket'))).toHaveLength(0);
    const ticket = (await insider.client.get('/tickets?status=pending')).body.tickets[0];
    expect((await outsider.client.get(`/messages/${ticket.id}`)).status).toBe(403);
    await Promise.all([outsiderSocket.close(), insiderSocket.close()]);
  });

  it("follows allTicket for queue-less tickets and show-all for other agents' open tickets", async () => {
    const own = await signupCompany(runtime, 'Flags Co');
    const queueless = await createWebchatConnection(own.companyId, { name: 'No queue chat', queueIds: [], isDefault: false });
    const plain = await addAgent(runtime, own);
    const allTicket = await addAgent(runtime, own, { allTicket: 'enable' });
    await new Visitor(runtime, queueless.widgetKey!).start('Sem Fila').then((v) => v.say('oi'));
    expect((await plain.client.get('/tickets?status=pending')).body.tickets).toHaveLength(0);
    expect(
      (await allTicket.client.get('/tickets?status=pending')).body.tickets.map(
        (t: { contact: { name: string } }) => t.contact.name,
      ),
    ).toEqual(['Sem Fila']);

    await new Visitor(runtime, own.webchatToken).start('Com Fila').then((v) => v.say('oi'));
    const ticket = (await own.admin.get('/tickets?status=pending&showAll=true')).body.tickets.find(
      (t: { contact: { name: string } }) => t.contact.name === 'Com Fila',
    );
    await own.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: own.adminId });
    // the admin's open ticket: another agent sees it only with show-all, and only when allUserChat lets them
    expect((await plain.client.get('/tickets?status=open&showAll=true')).body.tickets).toHaveLength(0);
    await updateCompanySettings(own.companyId, { allUserChat: 'enabled' });
    const relogged = new ApiClient(runtime.url);
    const login = await relogged.login((await plain.client.get('/auth/me')).body.email, 'pass-12345');
    expect(login.status).toBe(200);
    expect((await relogged.get('/tickets?status=open')).body.tickets).toHaveLength(0);
    // the queue selector: the ticket's queue keeps it, another queue hides it
    expect((await own.admin.get(`/tickets?status=open&showAll=true&queueIds=[${own.queueId}]`)).body.tickets).toHaveLength(1);
    expect((await own.admin.get(`/tickets?status=open&showAll=true&queueIds=[${own.queueId + 100}]`)).body.tickets).toHaveLength(
      0,
    );
    expect((await relogged.get('/tickets?status=open&showAll=true')).body.tickets.map((t: { id: number }) => t.id)).toEqual([
      ticket.id,
    ]);
    expect((await own.admin.get('/tickets?status=open&showAll=true')).body.tickets.map((t: { id: number }) => t.id)).toEqual([
      ticket.id,
    ]);
  });

  it("shows a contact's new details on its tickets once the refresh job ran, masked for users when privacy is on", async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Nome Antigo');
    await visitor.say('oi');
    const ticket = await pendingTicketOf(company.admin, 'Nome Antigo');
    expect((await company.admin.put(`/contacts/${ticket.contactId}`, { name: 'Nome Novo' })).status).toBe(200);
    await runtime.drainQueues();
    expect(await pendingTicketOf(company.admin, 'Nome Novo')).toMatchObject({ id: ticket.id });

    const own = await signupCompany(runtime, 'Privacy Co');
    const agent = await addAgent(runtime, own);
    const created = await own.admin.post('/contacts', { name: 'Cliente Privado', number: '5511987654321' });
    const opened = await own.admin.post('/tickets', {
      contactId: created.body.id,
      queueId: own.queueId,
      whatsappId: own.connectionId,
      userId: agent.id,
    });
    expect(opened.status).toBe(201);
    await updateCompanySettings(own.companyId, { enableLGPD: 'enabled', lgpdHideNumber: 'enabled' });
    const relogged = new ApiClient(runtime.url);
    expect((await relogged.login((await agent.client.get('/auth/me')).body.email, 'pass-12345')).status).toBe(200);
    const seenByAgent = (await relogged.get('/tickets?status=open')).body.tickets[0];
    expect(seenByAgent.contact.number).toBe('55119******21');
    const seenByAdmin = (await own.admin.get('/tickets?status=open&showAll=true')).body.tickets[0];
    expect(seenByAdmin.contact.number).toBe('5511987654321');
    // searching the hidden digits finds nothing for the agent; the name still finds the ticket
    expect((await relogged.get('/tickets?status=search&searchParam=987654321')).body.tickets).toEqual([]);
    expect(
      (await relogged.get('/tickets?status=search&searchParam=Privado')).body.tickets.map((t: { id: number }) => t.id),
    ).toEqual([opened.body.id]);
    expect(
      (await own.admin.get('/tickets?status=search&searchParam=987654321')).body.tickets.map((t: { id: number }) => t.id),
    ).toEqual([opened.body.id]);
  });

  it('finds tickets by contact name', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Zuleica Fontes');
    await visitor.say('procuro algo');
    const res = await company.admin.get(`/tickets?status=search&searchParam=${encodeURIComponent('zule')}`);
    expect(res.body.tickets.map((t: { contact: { name: string } }) => t.contact.name)).toEqual(['Zuleica Fontes']);
  });

  it('finds tickets by words inside their messages only when asked to', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Hélio Prates');
    await visitor.say('meu reembolso não chegou');
    const words = await company.admin.get(`/tickets?status=search&searchParam=reembol&searchOnMessages=true`);
    expect(words.body.tickets.map((t: { contact: { name: string } }) => t.contact.name)).toEqual(['Hélio Prates']);
    const namesOnly = await company.admin.get(`/tickets?status=search&searchParam=reembol`);
    expect(namesOnly.body.tickets).toEqual([]);
  });
});

describe('messages', () => {
  it("runs the message history on into the contact's earlier tickets that the viewer may read", async () => {
    const own = await signupCompany(runtime, 'History Co');
    const visitor = await new Visitor(runtime, own.webchatToken).start('Hugo Lima');
    for (const text of ['h1', 'h2', 'h3']) await visitor.say(text);
    const first = await pendingTicketOf(own.admin, 'Hugo Lima');
    await own.admin.put(`/tickets/${first.id}`, { status: 'open', userId: own.adminId });
    await own.admin.put(`/tickets/${first.id}`, { status: 'closed', sendFarewellMessage: false });
    for (const text of ['n1', 'n2']) await visitor.say(text);
    const second = await pendingTicketOf(own.admin, 'Hugo Lima');
    expect(second.id).not.toBe(first.id);

    const whole = await own.admin.get(`/messages/${second.id}?limit=20`);
    expect(whole.status).toBe(200);
    expect(whole.body.messages.map((m: { body: string }) => m.body)).toEqual(['h1', 'h2', 'h3', 'n1', 'n2']);
    expect(whole.body.hasMore).toBe(false);
    expect(whole.body.ticket.id).toBe(second.id);

    // pages of 2 walk back through both tickets without gaps or repeats
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: { messages: { body: string }[]; nextCursor: string | null } } = await own.admin.get(
        `/messages/${second.id}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.unshift(...page.body.messages.map((m: { body: string }) => m.body));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(['h1', 'h2', 'h3', 'n1', 'n2']);

    // an agent of another queue sees the earlier ticket (in the first queue) only with allHistoric
    const sales = await createQueue(own.companyId, { name: 'Vendas', color: '#123456' });
    expect((await own.admin.put(`/tickets/${second.id}`, { queueId: sales.id })).status).toBe(200);
    const narrow = await addAgent(runtime, own, { queueIds: [sales.id] });
    const wide = await addAgent(runtime, own, { queueIds: [sales.id], allHistoric: 'enabled' });
    const narrowView = await narrow.client.get(`/messages/${second.id}?limit=20`);
    expect(narrowView.status).toBe(200);
    expect(narrowView.body.messages.map((m: { body: string }) => m.body)).toEqual(['n1', 'n2']);
    expect(narrowView.body.hasMore).toBe(false);
    const wideView = await wide.client.get(`/messages/${second.id}?limit=20`);
    expect(wideView.body.messages.map((m: { body: string }) => m.body)).toEqual(['h1', 'h2', 'h3', 'n1', 'n2']);

    // a cursor written by the caller (naming a ticket outside this conversation, or one the viewer may not read),
    // or another reader's cursor, is refused; the reader who may see the earlier ticket pages on into it
    const other = await new Visitor(runtime, own.webchatToken).start('Ivo Reis');
    await other.say('alheio');
    const unrelated = await pendingTicketOf(own.admin, 'Ivo Reis');
    const forged = (t: number) => Buffer.from(JSON.stringify({ t })).toString('base64url');
    for (const [reader, t] of [
      [own.admin, unrelated.id],
      [narrow.client, first.id],
      [wide.client, first.id],
    ] as const) {
      const bad = await reader.get(`/messages/${second.id}?cursor=${forged(t)}`);
      expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'query.cursor' }] } });
    }
    const widePage = await wide.client.get(`/messages/${second.id}?limit=2`);
    expect(widePage.body.nextCursor).toEqual(expect.any(String));
    expect((await narrow.client.get(`/messages/${second.id}?limit=2&cursor=${widePage.body.nextCursor}`)).status).toBe(400);
    const wideWalk: string[] = [];
    for (let page = widePage; ; page = await wide.client.get(`/messages/${second.id}?limit=2&cursor=${page.body.nextCursor}`)) {
      expect(page.status).toBe(200);
      wideWalk.unshift(...page.body.messages.map((m: { body: string }) => m.body));
      if (!page.body.nextCursor || wideWalk.length > 10) break;
    }
    expect(wideWalk).toEqual(['h1', 'h2', 'h3', 'n1', 'n2']);
  });

  it('edits within 15 minutes by the sender only, deletes own messages, refuses empty bodies', async () => {
    const other = await addAgent(runtime, company, { allUserChat: 'enabled' });
    const visitor = await new Visitor(runtime, company.webchatToken).start('Edu Moraes');
    const visitorSocket = await visitor.socket();
    await visitor.say('oi');
    const ticket = await pendingTicketOf(company.admin, 'Edu Moraes');
    await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });
    expect((await company.admin.post(`/messages/${ticket.id}`, { body: '   ' })).status).toBe(400);
    const sent = (await company.admin.post(`/messages/${ticket.id}`, { body: 'texto errado' })).body;
    // sent through the outbound queue: an edit made before the send reads the stored message is sent as edited
    await visitorSocket.waitFor((f) => f.event === 'webchat-message' && f.data.body === 'texto errado');

    expect((await other.client.post(`/messages/edit/${sent.id}/${ticket.id}`, { body: 'hack' })).status).toBe(403);
    const edited = await company.admin.post(`/messages/edit/${sent.id}/${ticket.id}`, { body: 'texto certo' });
    expect(edited.body).toMatchObject({ body: 'texto certo', isEdited: true });
    await visitorSocket.waitFor((f) => f.event === 'webchat-message-update' && f.data.body === 'texto certo');

    // a signed message stays signed, in the inbox and in the widget, whether the edit sends the signature or not
    const signed = (await company.admin.post(`/messages/${ticket.id}`, { body: '*Owner:*\nBom dia' })).body;
    await visitorSocket.waitFor((f) => f.event === 'webchat-message' && f.data.body === '*Owner:*\nBom dia');
    const resigned = await company.admin.post(`/messages/edit/${signed.id}/${ticket.id}`, { body: 'Boa tarde' });
    expect(resigned.body).toMatchObject({ body: '*Owner:*\nBoa tarde', isEdited: true });
    await visitorSocket.waitFor((f) => f.event === 'webchat-message-update' && f.data.body === '*Owner:*\nBoa tarde');
    const again = await company.admin.post(`/messages/edit/${signed.id}/${ticket.id}`, { body: '*Owner:*\nBoa noite' });
    expect(again.body.body).toBe('*Owner:*\nBoa noite');

    runtime.setClock({ offset: 16 * 60 * 1000 });
    expect((await company.admin.post(`/messages/edit/${sent.id}/${ticket.id}`, { body: 'tarde demais' })).status).toBe(403);
    runtime.setClock(undefined);

    const incoming = (await company.admin.get(`/messages/${ticket.id}`)).body.messages.find(
      (m: { fromMe: boolean }) => !m.fromMe,
    );
    expect((await company.admin.delete(`/messages/${incoming.id}`)).status).toBe(403);
    const deleted = await company.admin.delete(`/messages/${sent.id}`);
    expect(deleted.body.isDeleted).toBe(true);
    expect((await visitor.conversation()).messages.find((m) => !m.fromVisitor)).toMatchObject({ isDeleted: true, body: '' });
    await visitorSocket.close();
  });

  it('uploads media through a signed URL and discards recordings under 10000 bytes', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Mel Duarte');
    await visitor.say('manda a foto');
    const ticket = await pendingTicketOf(company.admin, 'Mel Duarte');
    await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });
    const upload = async (name: string, mimeType: string, bytes: number) => {
      const target = await company.admin.post(`/messages/${ticket.id}/upload-url`, { name, mimeType, size: bytes });
      expect(target.status).toBe(200);
      const put = await fetch(target.body.uploadUrl, {
        method: 'PUT',
        headers: target.body.headers,
        body: Buffer.alloc(bytes, 7),
      });
      expect(put.status).toBe(200);
      return target.body.key as string;
    };
    const image = await upload('foto.png', 'image/png', 2048);
    const sent = await company.admin.post(`/messages/${ticket.id}`, {
      body: 'segue',
      media: { key: image, name: 'foto.png', mimeType: 'image/png', size: 2048 },
    });
    expect(sent.body).toMatchObject({ mediaType: 'image', mediaName: 'foto.png', body: 'segue' });
    const file = await fetch(`${runtime.url}${sent.body.mediaUrl}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(2048);

    const audio = await upload('audio.mp3', 'audio/mpeg', 9000);
    const short = await company.admin.post(`/messages/${ticket.id}`, {
      body: '',
      media: { key: audio, name: 'audio.mp3', mimeType: 'audio/mpeg', size: 9000 },
    });
    expect(short).toMatchObject({ status: 400, body: { fields: [{ path: 'body.media' }] } });
    const forged = await company.admin.post(`/messages/${ticket.id}`, {
      body: 'x',
      media: { key: 'c999/t1/x.png', name: 'x.png', mimeType: 'image/png', size: 10 },
    });
    expect(forged.status).toBe(400);
  });

  it('keeps private notes from the customer and sends contact cards', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Rosa Leal');
    await visitor.say('oi');
    const ticket = await pendingTicketOf(company.admin, 'Rosa Leal');
    await company.admin.put(`/tickets/${ticket.id}`, { status: 'open', userId: company.adminId });
    const note = await company.admin.post(`/messages/${ticket.id}`, { body: 'só para a equipe', isPrivate: true });
    expect(note.body).toMatchObject({ isPrivate: true });
    const card = await company.admin.post(`/messages/${ticket.id}`, { vCard: { name: 'Suporte', number: '5511988887777' } });
    expect(card.body.mediaType).toBe('contactMessage');
    const seen = (await visitor.conversation()).messages.map((m) => m.body);
    expect(seen).not.toContain('só para a equipe');
    expect(seen.some((b) => b.includes('BEGIN:VCARD'))).toBe(true);
  });
});

describe('forward and close all', () => {
  it('forwards a message to another contact through a ticket the forwarder holds, marked as forwarded', async () => {
    const from = await new Visitor(runtime, company.webchatToken).start('Origem Silva');
    await from.say('segue o comprovante 4321');
    const source = await pendingTicketOf(company.admin, 'Origem Silva');
    await company.admin.put(`/tickets/${source.id}`, { status: 'open', userId: company.adminId });
    const original = (await company.admin.get(`/messages/${source.id}`)).body.messages[0];
    const to = await new Visitor(runtime, company.webchatToken).start('Destino Souza');
    const toSocket = await to.socket();
    await to.say('oi');
    const target = await pendingTicketOf(company.admin, 'Destino Souza');

    const forwarded = await company.admin.post('/message/forward', { messageId: original.id, contactId: target.contactId });
    expect(forwarded.status).toBe(201);
    expect(forwarded.body).toMatchObject({
      body: 'segue o comprovante 4321',
      isForwarded: true,
      fromMe: true,
      ticketId: target.id,
    });
    await toSocket.waitFor((f) => f.event === 'webchat-message' && f.data.body === 'segue o comprovante 4321');
    expect((await company.admin.get(`/tickets/${target.id}`)).body).toMatchObject({ status: 'open', userId: company.adminId });
    expect(
      (await company.admin.post('/message/forward', { messageId: '1-01ARZ3NDEKTSV4RRFFQ69G5FAV', contactId: target.contactId }))
        .status,
    ).toBe(404);
    await toSocket.close();
  });

  it('closes every ticket of a status in the chosen queues, admins only, without farewells', async () => {
    const own = await signupCompany(runtime, 'Close All Co');
    const agent = await addAgent(runtime, own);
    const visitors = await Promise.all(
      ['Um', 'Dois', 'Tres'].map((n) => new Visitor(runtime, own.webchatToken).start(`Cliente ${n}`)),
    );
    for (const v of visitors) await v.say('oi');
    expect((await agent.client.post('/tickets/closeAll', { status: 'pending', selectedQueueIds: [own.queueId] })).status).toBe(
      403,
    );
    const res = await own.admin.post('/tickets/closeAll', { status: 'pending', selectedQueueIds: [own.queueId] });
    expect(res.body).toEqual({ closed: 3 });
    expect((await own.admin.get('/tickets?status=pending&showAll=true')).body).toMatchObject({ tickets: [], count: 0 });
    for (const v of visitors) expect((await v.conversation()).messages.map((m) => m.body)).toEqual(['oi']);
  });
});

describe('notes and tags', () => {
  it('adds and lists notes (2 characters at least) and lets admins delete them', async () => {
    const agent = await addAgent(runtime, company);
    const visitor = await new Visitor(runtime, company.webchatToken).start('Caio Mendes');
    await visitor.say('oi');
    const ticket = await pendingTicketOf(agent.client, 'Caio Mendes');
    expect(
      (await agent.client.post('/ticket-notes', { note: 'x', ticketId: ticket.id, contactId: ticket.contactId })).status,
    ).toBe(400);
    const note = await agent.client.post('/ticket-notes', {
      note: 'cliente pediu retorno',
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    expect(note.status).toBe(201);
    const list = await agent.client.get(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`);
    expect(list.body).toEqual([
      expect.objectContaining({ note: 'cliente pediu retorno', user: { id: agent.id, name: agent.name } }),
    ]);
    expect((await agent.client.delete(`/ticket-notes/${note.body.id}`)).status).toBe(403);
    expect((await company.admin.delete(`/ticket-notes/${note.body.id}`)).status).toBe(200);
  });

  it('tags a ticket and removes its kanban tags', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Duda Farias');
    await visitor.say('oi');
    const ticket = await pendingTicketOf(company.admin, 'Duda Farias');
    const lane = (await company.admin.post('/tags', { name: 'Em negociação', kanban: 1 })).body;
    const plain = (await company.admin.post('/tags', { name: 'Prioridade', kanban: 0 })).body;
    await company.admin.put(`/ticket-tags/${ticket.id}/${lane.id}`);
    const tagged = await company.admin.put(`/ticket-tags/${ticket.id}/${plain.id}`);
    expect(tagged.body.tags.map((t: { id: number }) => t.id)).toEqual([lane.id, plain.id]);
    const filtered = await company.admin.get(`/tickets?status=pending&tags=${JSON.stringify([plain.id])}`);
    expect(filtered.body.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
    const cleared = await company.admin.delete(`/ticket-tags/${ticket.id}`);
    expect(cleared.body.tags.map((t: { id: number }) => t.id)).toEqual([plain.id]);
  });

  it("finds a ticket by its contact's tags, which its row shows", async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Iara Etiqueta');
    await visitor.say('oi');
    const ticket = await pendingTicketOf(company.admin, 'Iara Etiqueta');
    const vip = (await company.admin.post('/tags', { name: 'Cliente VIP', kanban: 0 })).body;
    expect(
      (await company.admin.post('/tags/sync', { contactId: ticket.contact.id, tags: [{ id: vip.id }] })).status,
    ).toBeLessThan(300);
    await runtime.drainQueues();
    const filtered = await company.admin.get(`/tickets?status=pending&showAll=true&tags=${JSON.stringify([vip.id])}`);
    expect(filtered.body.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
    expect(filtered.body.tickets[0].contact.tags.map((t: { id: number }) => t.id)).toEqual([vip.id]);
    const searched = await company.admin.get(`/tickets?status=search&searchParam=Iara&tags=${JSON.stringify([vip.id])}`);
    expect(searched.body.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
  });
});
