import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf, SocketProbe, offMidnight, startApi, type ApiClient } from '../../../../test/api.ts';
import { addAgent, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { queue } from '../../platform/ports/ports.ts';
import { getSchedule } from '../../platform/ports/local/schedules.repository.ts';
import { laneTimerName } from './kanban-lanes.service.ts';

/**
 * The tags page, the kanban lanes and the board (spec document 2 "Tags and kanban lanes", sections 5, 7 and 9):
 * every route with its validation errors and another company's records, the propagation job of a deleted tag, and
 * the lane automation with a fixed clock.
 */
let runtime: Runtime;
let company: TestCompany;
let admin: ApiClient;
let other: TestCompany;
let seq = 0;

interface TagBody {
  id: number;
  name: string;
  color: string;
  kanban: number;
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string;
}
interface TicketBody {
  id: number;
  uuid: string;
  tags: { id: number }[];
  contact: { name: string };
}

const newTag = async (name: string, extra: Record<string, unknown> = {}, client = admin): Promise<TagBody> => {
  const res = await client.post('/tags', { name, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TagBody;
};

/** Where the clock stands between the lane timers' moments: off midnight, so that the board's day is the tickets' day. */
const base = { offset: offMidnight() };
const today = () => new Date(Date.now() + base.offset).toISOString().slice(0, 10);

/** A web chat visitor's waiting ticket in the company's default queue. */
const newTicket = async (name: string, target = company): Promise<TicketBody> => {
  const visitor = await new Visitor(runtime, target.webchatToken).start(name);
  await visitor.say(`Olá, sou ${name}`);
  const pending = (await target.admin.get('/tickets?status=pending')).body.tickets as TicketBody[];
  const ticket = pending.find((t) => t.contact.name === name);
  expect(ticket).toBeDefined();
  return ticket!;
};

const ticketTags = async (id: number) => ((await admin.get(`/tickets/${id}`)).body.tags as { id: number }[]).map((t) => t.id);

const board = async (client = admin, query = `startDate=${today()}&endDate=${today()}`) => {
  const res = await client.get(`/ticket/kanban?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { tickets: TicketBody[]; hasMore: boolean };
};

const lanes = async () => (await admin.get('/tag/kanban')).body.lista as (TagBody & { ticketCount: number })[];

/**
 * A lane timer's job as the scheduler delivers it: on the jobs queue, with every function's clock held at `at` until
 * the job and what it queued are done.
 */
const deliverAt = async (at: number, payload: unknown) => {
  runtime.setClock({ at });
  try {
    await queue().send('jobs', { body: JSON.stringify(payload) });
    await runtime.drainQueues();
  } finally {
    runtime.setClock(base);
  }
};

beforeAll(async () => {
  runtime = await startApi();
  runtime.setClock(base);
  company = await signupCompany(runtime, 'Kanban Co');
  admin = company.admin;
  other = await signupCompany(runtime, 'Other Kanban Co');
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(base));

describe('the tag dialog: create, show, update', () => {
  it('creates a kanban lane with its lane fields and shows it', async () => {
    const next = await newTag('Proposta enviada', {
      kanban: 1,
      color: '#112233',
      greetingMessageLane: 'Recebeu nossa proposta?',
    });
    const lane = await newTag('Em negociação', { kanban: 1, timeLane: 24, nextLaneId: next.id, rollbackLaneId: next.id });
    expect(lane).toMatchObject({
      kanban: 1,
      timeLane: 24,
      nextLaneId: next.id,
      rollbackLaneId: next.id,
      greetingMessageLane: '',
    });
    expect((await admin.get(`/tags/${lane.id}`)).body).toEqual(lane);
    expect((await admin.get(`/tags/${next.id}`)).body).toMatchObject({
      name: 'Proposta enviada',
      color: '#112233',
      greetingMessageLane: 'Recebeu nossa proposta?',
    });
  });

  it('names the field of each invalid lane setting', async () => {
    const plain = await newTag(`Plain ${++seq}`);
    const lane = await newTag(`Lane ${++seq}`, { kanban: 1 });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'ab' }, { 'body.name': 'Etiqueta muy corta.' }],
      [{ name: '' }, { 'body.name': 'Requerido' }],
      [{ name: 'Timer only', kanban: 1, timeLane: 2 }, { 'body.nextLaneId': 'Requerido' }],
      [{ name: 'Next only', kanban: 1, nextLaneId: lane.id }, { 'body.timeLane': 'Requerido' }],
      [
        { name: 'Plain with lanes', kanban: 0, rollbackLaneId: lane.id },
        { 'body.rollbackLaneId': 'Only a kanban lane has lanes' },
      ],
      [
        { name: 'Too long', kanban: 1, timeLane: 721, nextLaneId: lane.id },
        { 'body.timeLane': expect.any(String) as unknown as string },
      ],
      [{ name: 'To a plain tag', kanban: 1, timeLane: 1, nextLaneId: plain.id }, { 'body.nextLaneId': 'Unknown kanban lane' }],
      [{ name: 'To nowhere', kanban: 1, rollbackLaneId: 999999 }, { 'body.rollbackLaneId': 'Unknown kanban lane' }],
    ];
    for (const [body, fields] of cases) {
      const res = await admin.post('/tags', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(fieldsOf(res.body)).toEqual(fields);
    }
    const self = await admin.put(`/tags/${lane.id}`, { name: lane.name, kanban: 1, timeLane: 1, nextLaneId: lane.id });
    expect(self).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(self.body)).toEqual({ 'body.nextLaneId': 'A lane cannot lead to itself' });
  });

  it('renames, recolours and clears the lane fields when a lane becomes a plain tag, pushing company<id>-tag', async () => {
    const target = await newTag(`Target ${++seq}`, { kanban: 1 });
    const lane = await newTag(`Renamed lane ${++seq}`, { kanban: 1, timeLane: 3, nextLaneId: target.id });
    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    try {
      const res = await admin.put(`/tags/${lane.id}`, { name: 'Cliente antigo', color: '#ABCDEF', kanban: 0 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        id: lane.id,
        name: 'Cliente antigo',
        color: '#abcdef',
        kanban: 0,
        timeLane: 0,
        nextLaneId: null,
      });
      const frame = await socket.waitFor(
        (f) => f.event === `company${company.companyId}-tag` && (f.data as { action: string }).action === 'update',
      );
      expect(frame.data).toEqual({ action: 'update', tag: res.body });
    } finally {
      await socket.close();
    }
    // the old name is free again, the new one is taken in any letter case
    await newTag(lane.name);
    expect(await admin.put(`/tags/${target.id}`, { name: 'CLIENTE ANTIGO', kanban: 1 })).toMatchObject({
      status: 409,
      body: { error: 'ERR_DUPLICATED_TAG' },
    });
  });

  it('lets only admins turn a plain tag into a lane', async () => {
    const agent = await addAgent(runtime, company);
    const tag = await newTag(`Agent tag ${++seq}`, {}, agent.client);
    expect(await agent.client.put(`/tags/${tag.id}`, { name: tag.name, kanban: 1 })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await agent.client.put(`/tags/${tag.id}`, { name: `${tag.name} renamed` })).status).toBe(200);
    expect((await admin.put(`/tags/${tag.id}`, { name: tag.name, kanban: 1 })).body).toMatchObject({ kanban: 1 });
  });
});

describe('the tags table', () => {
  it('pages the tags by name, 25 an answer, searched by any part of the name and filtered by kanban', async () => {
    for (let i = 0; i < 27; i++) await newTag(`Paged ${String(i).padStart(2, '0')}`, i % 9 === 0 ? { kanban: 1 } : {});
    const first = await admin.get('/tags?searchParam=aged&pageNumber=1');
    expect(first.status).toBe(200);
    expect(first.body.tags).toHaveLength(25);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.tags[0]).toMatchObject({ name: 'Paged 00', timeLane: 0 });
    const second = await admin.get('/tags?searchParam=PAGED&pageNumber=2');
    expect((second.body.tags as TagBody[]).map((t) => t.name)).toEqual(['Paged 25', 'Paged 26']);
    expect(second.body.hasMore).toBe(false);
    const kanban = await admin.get('/tags?searchParam=paged&kanban=1');
    expect((kanban.body.tags as TagBody[]).map((t) => t.name)).toEqual(['Paged 00', 'Paged 09', 'Paged 18']);
    expect((await admin.get('/tags?pageNumber=0')).status).toBe(400);
    expect(fieldsOf((await admin.get('/tags?kanban=2')).body)).toHaveProperty(['query.kanban']);
    // the other company's tags are not in the company's pages
    await newTag('Paged of the other', {}, other.admin);
    expect(((await admin.get('/tags?searchParam=other')).body.tags as TagBody[]).map((t) => t.name)).toEqual([]);
  });
});

describe('contacts of a tag and deleting a tag', () => {
  it('lists the contacts that carry the tag, and deleting the tag takes it off contacts and tickets by a job', async () => {
    const tag = await newTag(`Deleted soon ${++seq}`);
    const keep = await newTag(`Kept ${++seq}`);
    const ticket = await newTicket(`Cliente Etiquetado ${seq}`);
    const contactId = (await admin.get(`/tickets/${ticket.id}`)).body.contactId as number;
    expect((await admin.post('/tags/sync', { contactId, tags: [{ id: tag.id }, { id: keep.id }] })).status).toBe(200);
    expect((await admin.put(`/ticket-tags/${ticket.id}/${tag.id}`)).status).toBe(200);

    const members = await admin.get(`/tags/${tag.id}/contacts`);
    expect(members.status).toBe(200);
    expect((members.body.contacts as { id: number }[]).map((c) => c.id)).toEqual([contactId]);
    expect(members.body.hasMore).toBe(false);
    expect((await admin.get(`/tags/${tag.id}/contacts?limit=7`)).status).toBe(400);

    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    try {
      expect(await admin.delete(`/tags/${tag.id}`)).toMatchObject({ status: 200, body: { ok: true } });
      const frame = await socket.waitFor(
        (f) => f.event === `company${company.companyId}-tag` && (f.data as { action: string }).action === 'delete',
      );
      expect(frame.data).toEqual({ action: 'delete', tagId: tag.id });
    } finally {
      await socket.close();
    }
    expect((await admin.get(`/tags/${tag.id}`)).status).toBe(404);
    await runtime.drainQueues();
    expect(((await admin.get(`/contactTags/${contactId}`)).body.tags as { id: number }[]).map((t) => t.id)).toEqual([keep.id]);
    expect(await ticketTags(ticket.id)).toEqual([]);
    expect((await admin.delete(`/tags/${tag.id}`)).status).toBe(404);
  });

  it('answers 404 for another company’s tag on every route that names one, and changes nothing', async () => {
    // ids are numbered per company: the other company's tag gets an id this company has not used
    let foreign = await newTag(`Tag of the other ${++seq}`, { kanban: 1 }, other.admin);
    while ((await admin.get(`/tags/${foreign.id}`)).status === 200)
      foreign = await newTag(`Tag of the other ${++seq}`, { kanban: 1 }, other.admin);
    for (const [method, path, body] of [
      ['GET', `/tags/${foreign.id}`, undefined],
      ['PUT', `/tags/${foreign.id}`, { name: 'Changed by another company' }],
      ['DELETE', `/tags/${foreign.id}`, undefined],
      ['GET', `/tags/${foreign.id}/contacts`, undefined],
    ] as const) {
      const res = await admin.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('ERR_NOT_FOUND');
    }
    expect((await other.admin.get(`/tags/${foreign.id}`)).body).toEqual(foreign);
  });
});

describe('the kanban board', () => {
  it('lists the lanes with their ticket counts and moves a card from the default lane to a lane and back', async () => {
    const lane = await newTag(`Board lane ${++seq}`, { kanban: 1 });
    const second = await newTag(`Board second ${++seq}`, { kanban: 1 });
    const ticket = await newTicket(`Cliente Quadro ${seq}`);
    const before = await board();
    expect(before.tickets.map((t) => t.id)).toContain(ticket.id);
    expect(before.tickets.find((t) => t.id === ticket.id)!.tags).toEqual([]);

    // a move removes the ticket's lane tag and adds the target's (as the board does)
    expect((await admin.put(`/ticket-tags/${ticket.id}/${lane.id}`)).status).toBe(200);
    expect((await lanes()).find((l) => l.id === lane.id)).toMatchObject({ ticketCount: 1 });
    expect((await admin.delete(`/ticket-tags/${ticket.id}`)).status).toBe(200);
    expect((await admin.put(`/ticket-tags/${ticket.id}/${second.id}`)).status).toBe(200);
    const counts = await lanes();
    expect(counts.find((l) => l.id === lane.id)).toMatchObject({ ticketCount: 0 });
    expect(counts.find((l) => l.id === second.id)).toMatchObject({ ticketCount: 1 });
    expect(counts.every((l) => l.kanban === 1)).toBe(true);
    expect((await board()).tickets.find((t) => t.id === ticket.id)!.tags.map((t) => t.id)).toEqual([second.id]);
  });

  it('reads only the date range, checks its dates, and shows agents only the tickets they may see', async () => {
    const ticket = await newTicket(`Cliente Datas ${++seq}`);
    expect((await board(admin, 'startDate=2001-01-01&endDate=2001-01-31')).tickets).toEqual([]);
    const bad = await admin.get(`/ticket/kanban?startDate=${today()}&endDate=2001-01-01`);
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(fieldsOf(bad.body)).toHaveProperty(['query.endDate']);
    expect(fieldsOf((await admin.get('/ticket/kanban?startDate=hoje&endDate=2001-01-01')).body)).toHaveProperty([
      'query.startDate',
    ]);
    // no dates: today
    expect((await board(admin, '')).tickets.map((t) => t.id)).toContain(ticket.id);
    expect(fieldsOf((await admin.get('/ticket/kanban?tzOffset=9999')).body)).toHaveProperty(['query.tzOffset']);

    // an agent of the queue sees the waiting ticket; one with no queue sees nothing; another company sees nothing
    const member = await addAgent(runtime, company);
    const outsider = await addAgent(runtime, company, { queueIds: [] });
    expect((await board(member.client)).tickets.map((t) => t.id)).toContain(ticket.id);
    expect((await board(outsider.client)).tickets).toEqual([]);
    expect((await board(other.admin)).tickets.map((t) => t.contact.name)).not.toContain(ticket.contact.name);

    // a page is bounded: one ticket a partition, the cursor reads on
    const first = await board(admin, `startDate=${today()}&endDate=${today()}&limit=1`);
    expect(first.hasMore).toBe(true);
    expect(first.tickets.length).toBeLessThanOrEqual(2);
  });
});

describe('the lane automation', () => {
  it('moves a ticket still in a timed lane to the next lane after timeLane hours and sends that lane’s greeting', async () => {
    const next = await newTag(`Follow-up ${++seq}`, { kanban: 1, greetingMessageLane: 'Olá de novo! Ainda tem interesse?' });
    const timed = await newTag(`Waiting reply ${++seq}`, { kanban: 1, timeLane: 2, nextLaneId: next.id });
    const ticket = await newTicket(`Cliente Tempo ${seq}`);
    const entered = Date.now() + base.offset;
    expect((await admin.put(`/ticket-tags/${ticket.id}/${timed.id}`)).status).toBe(200);

    const schedule = await getSchedule(laneTimerName(company.companyId, ticket.id));
    expect(schedule).toBeDefined();
    expect(schedule!.payload).toEqual({
      type: 'kanban.lane-timeout',
      companyId: company.companyId,
      ticketId: ticket.id,
      tagId: timed.id,
    });
    expect(Math.abs(schedule!.at.getTime() - (entered + 2 * 3_600_000))).toBeLessThan(60_000);
    // the job as the scheduler delivers it, at a fixed time (the session's token is checked at the real time after)
    const runAt = (at: number) => deliverAt(at, schedule!.payload);

    // delivered early (an hour in), the job leaves the ticket where it is
    await runAt(entered + 3_600_000);
    expect(await ticketTags(ticket.id)).toEqual([timed.id]);

    await runAt(schedule!.at.getTime() + 1000);
    expect(await ticketTags(ticket.id)).toEqual([next.id]);
    const messages = (await admin.get(`/messages/${ticket.id}`)).body.messages as { body: string; fromMe: boolean }[];
    expect(messages.filter((m) => m.fromMe && m.body.includes('Olá de novo! Ainda tem interesse?'))).toHaveLength(1);

    // a repeated delivery finds the ticket moved and sends nothing more
    await runAt(schedule!.at.getTime() + 5000);
    const again = (await admin.get(`/messages/${ticket.id}`)).body.messages as { body: string; fromMe: boolean }[];
    expect(again.filter((m) => m.fromMe && m.body.includes('Ainda tem interesse?'))).toHaveLength(1);
    expect((await lanes()).find((l) => l.id === next.id)).toMatchObject({ ticketCount: 1 });
  });

  it('does not move a ticket that left the lane before the time ran out', async () => {
    const next = await newTag(`Later ${++seq}`, { kanban: 1 });
    const timed = await newTag(`Timed ${++seq}`, { kanban: 1, timeLane: 1, nextLaneId: next.id });
    const ticket = await newTicket(`Cliente Saiu ${seq}`);
    await admin.put(`/ticket-tags/${ticket.id}/${timed.id}`);
    const schedule = (await getSchedule(laneTimerName(company.companyId, ticket.id)))!;
    await admin.delete(`/ticket-tags/${ticket.id}`);
    expect(await getSchedule(laneTimerName(company.companyId, ticket.id))).toBeUndefined();
    await deliverAt(schedule.at.getTime() + 1000, schedule.payload);
    expect(await ticketTags(ticket.id)).toEqual([]);
  });

  it('sends a ticket back to the rollback lane when the customer writes, unless the text is a lane greeting', async () => {
    const rollback = await newTag(`Rollback ${++seq}`, { kanban: 1, greetingMessageLane: 'Voltamos a falar' });
    const next = await newTag(`Next ${++seq}`, { kanban: 1, greetingMessageLane: 'Proposta enviada' });
    const lane = await newTag(`With rollback ${++seq}`, {
      kanban: 1,
      timeLane: 5,
      nextLaneId: next.id,
      rollbackLaneId: rollback.id,
    });
    const name = `Cliente Volta ${seq}`;
    const visitor = await new Visitor(runtime, company.webchatToken).start(name);
    await visitor.say('Olá');
    const ticket = ((await admin.get('/tickets?status=pending')).body.tickets as TicketBody[]).find(
      (t) => t.contact.name === name,
    )!;
    await admin.put(`/ticket-tags/${ticket.id}/${lane.id}`);

    await visitor.say('Proposta enviada');
    expect(await ticketTags(ticket.id)).toEqual([lane.id]);
    await visitor.say('Ainda estou pensando');
    expect(await ticketTags(ticket.id)).toEqual([rollback.id]);
    // the lane's timer went with it
    expect(await getSchedule(laneTimerName(company.companyId, ticket.id))).toBeUndefined();
  });
});
