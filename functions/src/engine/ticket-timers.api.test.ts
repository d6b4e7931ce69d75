/**
 * The engine's timed rules through the web chat channel with a fixed clock: each ticket's one schedule is read
 * from the scheduler's store, the clock is moved to its time, and its payload goes through the jobs queue as the
 * scheduler would send it. Inactivity message, auto-close, return to queue, redirection, the NPS expiry and
 * rotation, each with the event that ends its condition.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../test/api.ts';
import { addQueue, addAgent, botSaid, signupCompany, ticketOf, Visitor, type TestCompany } from '../../../test/inbox.ts';
import type { Runtime } from '../../../infra/local/runtime.ts';
import { queue } from '../platform/ports/ports.ts';
import { getSchedule } from '../platform/ports/local/schedules.repository.ts';
import { updateUserFields } from '../modules/users/users.repository.ts';
import { currentTicket } from '../modules/tickets/tickets.service.ts';

let runtime: Runtime;

beforeAll(async () => {
  runtime = await startApi();
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

const MINUTE = 60_000;
let now = Date.now();
/** Moves the held clock (tokens signed before stay valid: they last far longer than these minutes). */
const holdAt = (at: number) => {
  now = at;
  runtime.setClock({ at: now });
};

const timerOf = (c: TestCompany, ticketId: number) => getSchedule(`ticket-timer-${c.companyId}-${ticketId}`);

/**
 * Fires the ticket's schedule as the scheduler would at its time; answers the time it was set for. The clock goes
 * back afterwards, so the test's sign-ins (short-lived tokens) stay valid.
 */
const fire = async (c: TestCompany, ticketId: number): Promise<number> => {
  const schedule = await timerOf(c, ticketId);
  expect(schedule, 'the ticket has a schedule').toBeDefined();
  const at = schedule!.at.getTime();
  const before = now;
  holdAt(Math.max(at, now));
  await queue().send('jobs', { body: JSON.stringify(schedule!.payload) });
  await runtime.drainQueues();
  holdAt(before);
  return at;
};

/**
 * Fires the ticket's schedule until `done` holds (a schedule may come early: it is set for the earliest moment a
 * rule may come due, and moves on when it is not due yet); answers the time of the firing that did it.
 */
const fireUntil = async (c: TestCompany, ticketId: number, done: () => Promise<boolean>): Promise<number> => {
  for (let i = 0; i < 4; i++) {
    const at = await fire(c, ticketId);
    if (await done()) return at;
  }
  throw new Error('the timed rule never acted');
};

const connection = async (c: TestCompany, body: Record<string, unknown>) => {
  const res = await c.admin.put(`/whatsapp/${c.connectionId}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('inactivity message and auto-close', () => {
  let shop: TestCompany;
  let agent: Awaited<ReturnType<typeof addAgent>>;
  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja Inativa');
    agent = await addAgent(runtime, shop);
    await connection(shop, {
      timeInactiveMessage: 10,
      inactiveMessage: 'Ainda está aí?',
      expiresTicket: 1,
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
    });
  });

  it('warns after timeInactiveMessage minutes, closes expiresTicket hours later, and a reply in between starts over', async () => {
    holdAt(Date.now());
    const v = await new Visitor(runtime, shop.webchatToken).start('Ivo Inativo');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Ivo Inativo');
    await agent.client.put(`/tickets/${t.id}`, { status: 'open' });
    await agent.client.post(`/messages/${t.id}`, { body: 'Como posso ajudar?' });
    const answeredAt = now;
    const warnings = async () => (await botSaid(v)).filter((b) => b === 'Ainda está aí?').length;
    const warnAt = await fireUntil(shop, t.id, async () => (await warnings()) === 1);
    expect(warnAt).toBe(answeredAt + 10 * MINUTE);
    expect((await botSaid(v)).at(-1)).toBe('Ainda está aí?');
    // the customer answers: the warning may come again later, and the close waits for it
    holdAt(warnAt + 5 * MINUTE);
    await v.say('Estou sim');
    const again = await fireUntil(shop, t.id, async () => (await warnings()) === 2);
    expect(again).toBe(now + 10 * MINUTE);
    // no answer now: an hour after the second warning the ticket closes with its message
    const closeAt = await fireUntil(shop, t.id, async () => (await currentTicket(shop.companyId, t.id))?.status === 'closed');
    // the sign-ins of this test are older than their tokens' life on the held clock
    runtime.setClock(undefined);
    expect(closeAt - again).toBeGreaterThanOrEqual(60 * MINUTE);
    expect((await botSaid(v)).at(-1)).toBe('Encerramos por falta de resposta.');
    const closed = await ticketOf(shop, 'Ivo Inativo');
    expect(closed.status).toBe('closed');
    const logs = await shop.admin.get(`/tickets-log/${t.id}`);
    expect(logs.body.map((l: { type: string }) => l.type)).toContain('autoClose');
  });

  it('does nothing when its schedule fires for a ticket that moved on', async () => {
    holdAt(Date.now());
    const v = await new Visitor(runtime, shop.webchatToken).start('Zé Ativo');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Zé Ativo');
    const schedule = await timerOf(shop, t.id);
    expect(schedule).toBeDefined();
    // the agent closes it before the warning is due: the schedule fires into a closed ticket
    await shop.admin.put(`/tickets/${t.id}`, { status: 'closed', sendFarewellMessage: false });
    holdAt(schedule!.at.getTime());
    await queue().send('jobs', { body: JSON.stringify(schedule!.payload) });
    await runtime.drainQueues();
    expect(await botSaid(v)).toEqual([]);
  });
});

describe('return to queue and redirection', () => {
  let shop: TestCompany;
  let agent: Awaited<ReturnType<typeof addAgent>>;
  let redirect: { id: number };
  beforeAll(async () => {
    shop = await signupCompany(runtime, 'Loja Retorno');
    agent = await addAgent(runtime, shop);
    const second = await addQueue(shop.admin, { name: 'Triagem', color: '#553399', greetingMessage: 'Triagem' });
    redirect = second.body;
    await connection(shop, {
      greetingMessage: 'Escolha um setor:',
      queueIds: [shop.queueId, redirect.id],
      timeToReturnQueue: 15,
      timeSendQueue: 20,
      sendIdQueue: redirect.id,
    });
  });

  it('sends a ticket nobody routed to the redirect queue after timeSendQueue minutes', async () => {
    holdAt(Date.now());
    const v = await new Visitor(runtime, shop.webchatToken).start('Rita Redireciona');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Rita Redireciona');
    expect(t.queueId).toBeNull();
    const at = await fireUntil(shop, t.id, async () => (await ticketOf(shop, 'Rita Redireciona')).queueId !== null);
    expect(at - Date.parse(t.updatedAt)).toBe(20 * MINUTE);
    const moved = await ticketOf(shop, 'Rita Redireciona');
    expect(moved).toMatchObject({ status: 'pending', queueId: redirect.id });
    const logs = await shop.admin.get(`/tickets-log/${t.id}`);
    expect(logs.body.map((l: { type: string }) => l.type)).toContain('redirect');
  });

  it("returns an agent's ticket to the queue when the customer's message waits timeToReturnQueue minutes", async () => {
    holdAt(Date.now());
    const v = await new Visitor(runtime, shop.webchatToken).start('Beto Espera');
    await v.say('Oi');
    await v.say('1');
    const t = await ticketOf(shop, 'Beto Espera');
    await agent.client.put(`/tickets/${t.id}`, { status: 'open' });
    holdAt(now + MINUTE);
    await v.say('Alguém aí?');
    await fireUntil(shop, t.id, async () => (await ticketOf(shop, 'Beto Espera')).status === 'pending');
    const back = await ticketOf(shop, 'Beto Espera');
    expect(back).toMatchObject({ status: 'pending', userId: null, queueId: shop.queueId });
    const logs = await shop.admin.get(`/tickets-log/${t.id}`);
    expect(logs.body.map((l: { type: string }) => l.type)).toContain('autoReturnQueue');
  });
});

describe('NPS expiry', () => {
  it('closes an unanswered rating after expiresTicketNPS minutes with the completion message', async () => {
    const shop = await signupCompany(runtime, 'Loja NPS Expira');
    const agent = await addAgent(runtime, shop);
    expect((await shop.admin.put('/settings/userRating', { value: 'enabled' })).status).toBe(200);
    await connection(shop, { complationMessage: 'Até logo!', ratingMessage: 'Nota de 0 a 10?', expiresTicketNPS: 30 });
    holdAt(Date.now());
    const v = await new Visitor(runtime, shop.webchatToken).start('Nei Nota');
    await v.say('Oi');
    const t = await ticketOf(shop, 'Nei Nota');
    await agent.client.put(`/tickets/${t.id}`, { status: 'open' });
    const closedAt = now;
    await agent.client.put(`/tickets/${t.id}`, { status: 'closed' });
    await runtime.drainQueues();
    expect((await shop.admin.get(`/tickets/${t.id}`)).body.status).toBe('nps');
    const at = await fireUntil(shop, t.id, async () => (await shop.admin.get(`/tickets/${t.id}`)).body.status === 'closed');
    expect(at).toBe(closedAt + 30 * MINUTE);
    expect((await botSaid(v)).slice(-2)).toEqual(['Nota de 0 a 10?', 'Até logo!']);
    expect((await ticketOf(shop, 'Nei Nota')).status).toBe('closed');
  });
});

describe('rotation with capacity', () => {
  it('hands waiting tickets to online members of the queue, the least loaded first, never past their limit', async () => {
    const shop = await signupCompany(runtime, 'Loja Rodízio');
    const current = (await shop.admin.get(`/queue/${shop.queueId}`)).body;
    const put = await shop.admin.put(`/queue/${shop.queueId}`, {
      name: current.name,
      color: current.color,
      greetingMessage: current.greetingMessage,
      ativarRoteador: true,
      tempoRoteador: 5,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const ana = await addAgent(runtime, shop, {}, 'Ana Rodízio');
    const bia = await addAgent(runtime, shop, {}, 'Bia Rodízio');
    const caio = await addAgent(runtime, shop, {}, 'Caio Offline');
    // signed in means online; Caio signs out
    await updateUserFields(shop.companyId, caio.id, { online: false });
    expect((await shop.admin.put(`/users/${ana.id}`, { maxOpenTickets: 1 })).status).toBe(200);
    holdAt(Date.now());
    const holders: (number | null)[] = [];
    for (const name of ['R1 Cliente', 'R2 Cliente', 'R3 Cliente']) {
      const v = await new Visitor(runtime, shop.webchatToken).start(name);
      // a waiting ticket of a rotating queue is handed over at once (its schedule is due on arrival)
      await v.say('Oi');
      await runtime.drainQueues();
      holders.push((await ticketOf(shop, name)).userId);
    }
    // Ana (limit 1, first by name) takes the first; Bia the rest; Caio is offline
    expect(holders).toEqual([ana.id, bia.id, bia.id]);
    // Bia's waiting tab: the three tickets of her queue, two of them hers too, each counted once
    const tab = await bia.client.get('/tickets?status=pending');
    expect(tab.body.count).toBe(3);
    const first = await ticketOf(shop, 'R1 Cliente');
    expect(first.status).toBe('pending');
    // not taken within tempoRoteador (5 min): it rotates to another member with room
    const at = await fireUntil(shop, first.id, async () => (await ticketOf(shop, 'R1 Cliente')).userId !== ana.id);
    expect(at).toBe(Date.parse(first.updatedAt) + 5 * MINUTE);
    expect((await ticketOf(shop, 'R1 Cliente')).userId).toBe(bia.id);
    const logs = await shop.admin.get(`/tickets-log/${first.id}`);
    expect(logs.body.filter((l: { type: string }) => l.type === 'rotation')).toHaveLength(2);
    expect(caio.id).not.toBe(bia.id);
  });
});

describe('first-response target', () => {
  it('flags a waiting ticket late when no agent answered within the queue target, and not one that was answered', async () => {
    const shop = await signupCompany(runtime, 'Loja SLA');
    const agent = await addAgent(runtime, shop);
    const current = (await shop.admin.get(`/queue/${shop.queueId}`)).body;
    const put = await shop.admin.put(`/queue/${shop.queueId}`, {
      name: current.name,
      color: current.color,
      greetingMessage: current.greetingMessage,
      firstResponseMinutes: 10,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    holdAt(Date.now());
    const late = await new Visitor(runtime, shop.webchatToken).start('Sara Espera');
    await late.say('Oi');
    const answered = await new Visitor(runtime, shop.webchatToken).start('Tom Atendido');
    await answered.say('Oi');
    const lateTicket = await ticketOf(shop, 'Sara Espera');
    expect(lateTicket.queue.firstResponseMinutes).toBe(10);
    const answeredTicket = await ticketOf(shop, 'Tom Atendido');
    await agent.client.put(`/tickets/${answeredTicket.id}`, { status: 'open' });
    await agent.client.post(`/messages/${answeredTicket.id}`, { body: 'Olá, Tom!' });
    expect((await currentTicket(shop.companyId, answeredTicket.id))?.firstReplyAt).toEqual(expect.any(String));
    const at = await fireUntil(shop, lateTicket.id, async () =>
      Boolean((await currentTicket(shop.companyId, lateTicket.id))?.firstResponseOverdueAt),
    );
    expect(at).toBe(Date.parse(lateTicket.createdAt) + 10 * MINUTE);
    expect((await shop.admin.get(`/tickets/${lateTicket.id}`)).body.firstResponseOverdueAt).toEqual(expect.any(String));
    // the answered ticket's schedule (if any) finds nothing to flag
    const schedule = await timerOf(shop, answeredTicket.id);
    if (schedule) await fire(shop, answeredTicket.id);
    expect((await currentTicket(shop.companyId, answeredTicket.id))?.firstResponseOverdueAt ?? null).toBeNull();
  });
});
