/**
 * Inbox benchmarks: what a ticket-list page, a message page and a contact search cost for a company with
 * 1,000 and with 100,000 tickets, how long an inbound message takes to reach an agent's socket at 20 and
 * 100 messages per second, and how long an agent's reply takes to reach the visitor's widget. Bench data is written straight into the table in the shapes the entity files
 * define (writing 100,000 tickets through the API would take far longer than the measurement itself).
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ticketListQuery } from '@switchboard/shared/contracts/tickets';
import { ulid } from 'ulid';
import { verifyAccessToken } from '../functions/src/platform/auth/tokens.ts';
import { measureCapacity, table, tableName } from '../functions/src/platform/table/client.ts';
import { runTicketTimer } from '../functions/src/engine/ticket-timer-job.ts';
import { padId } from '../functions/src/platform/table/keys.ts';
import { contextFromClaims } from '../functions/src/modules/auth/authenticate.ts';
import {
  contactByNameIndex,
  contactKey,
  normaliseText,
  searchKey,
  searchTokens,
  searchWords,
} from '../functions/src/modules/contacts/contact.entity.ts';
import { listContacts } from '../functions/src/modules/contacts/contact-search.service.ts';
import { listConnectionsOf } from '../functions/src/modules/connections/connections.service.ts';
import { listMessages } from '../functions/src/modules/messages/messages.service.ts';
import {
  counterDims,
  indexKeys,
  ticketKey,
  ticketPk,
  type TicketRecord,
} from '../functions/src/modules/tickets/ticket.entity.ts';
import { listTickets } from '../functions/src/modules/tickets/ticket-lists.service.ts';
import { markOf } from '../functions/src/modules/dashboard/dashboard-counters.service.ts';
import { contributionOf, dayPk, daySk, userDayPk, userDaySk } from '../functions/src/modules/dashboard/dashboard.entity.ts';
import { getDashboard } from '../functions/src/modules/dashboard/dashboard.service.ts';
import { createUser, updateUserSettings } from '../functions/src/modules/users/users.service.ts';
import type { Runtime } from '../infra/local/runtime.ts';
import { runInChild } from './bench-kit.ts';

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabi',
  'Hugo',
  'Iris',
  'João',
  'Kátia',
  'Luís',
  'Marta',
  'Nuno',
  'Olga',
  'Paulo',
];
const LAST = ['Silva', 'Souza', 'Costa', 'Lima', 'Rocha', 'Alves', 'Gomes', 'Ramos', 'Pires', 'Dias', 'Melo', 'Nunes'];

const writeAll = async (items: Record<string, unknown>[]) => {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending = chunks[next++]!.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await table().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
};

interface Company {
  companyId: number;
  queueId: number;
  connectionId: number;
  adminToken: string;
  agentToken: string;
  sampleTicketId: number;
}

const signup = async (base: string, name: string) => {
  const email = `bench-${name.toLowerCase().replace(/\W/g, '')}-${Date.now()}@example.com`;
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const res = await post('/auth/signup', {
    name: 'Bench Owner',
    companyName: name,
    email,
    password: 'bench-pass',
    phone: '5511999990000',
    planId: 1,
  });
  const { companyId } = (await res.json()) as { companyId: number };
  const login = (await (await post('/auth/login', { email, password: 'bench-pass' })).json()) as {
    token: string;
    user: { queueIds: number[] };
  };
  const agent = await createUser(companyId, { name: 'Bench Agent', email: `agent-${email}`, password: 'bench-pass' });
  await updateUserSettings(companyId, agent.id, { queueIds: login.user.queueIds });
  const agentLogin = (await (await post('/auth/login', { email: `agent-${email}`, password: 'bench-pass' })).json()) as {
    token: string;
  };
  const connection = (await listConnectionsOf(companyId)).find((c) => c.channel === 'webchat')!;
  return {
    companyId,
    queueId: login.user.queueIds[0]!,
    connectionId: connection.id,
    adminToken: login.token,
    agentToken: agentLogin.token,
    connection,
  };
};

/** A company with `size` tickets (each with its own contact), mostly closed, and 20 messages on 50 of them. */
const seedCompany = async (base: string, size: number): Promise<Company> => {
  const c = await signup(base, `Bench ${size}`);
  const items: Record<string, unknown>[] = [];
  const counters = new Map<string, number>();
  const dashboard = new Map<string, Record<string, number>>();
  const start = Date.parse('2026-01-01T00:00:00Z');
  let sampleTicketId = 0;
  for (let i = 1; i <= size; i++) {
    const id = 100 + i;
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}`;
    const nameNorm = normaliseText(name);
    const number = `55119${String(10_000_000 + i).padStart(8, '0')}`;
    const at = new Date(start + i * 60_000).toISOString();
    const contactItem = {
      id,
      companyId: c.companyId,
      name,
      nameNorm,
      number,
      email: '',
      urlPicture: null,
      active: true,
      disableBot: false,
      acceptAudioMessage: true,
      lgpdAcceptedAt: null,
      channel: 'webchat',
      isGroup: false,
      tags: [],
      extraInfo: [],
      whatsappId: c.connectionId,
      createdAt: at,
      updatedAt: at,
      rev: 1,
    };
    items.push({
      ...contactKey(c.companyId, id),
      ...contactByNameIndex(c.companyId, nameNorm, id),
      type: 'contact',
      ...contactItem,
    });
    for (const token of searchTokens(nameNorm, number)) {
      items.push({
        ...searchKey(c.companyId, token, id),
        type: 'contactSearch',
        companyId: c.companyId,
        contactId: id,
        nameNorm,
        number,
        words: searchWords(nameNorm),
        contact: contactItem,
      });
    }
    const status = i % 20 === 0 ? 'pending' : i % 20 === 1 ? 'open' : 'closed';
    const t: TicketRecord = {
      id,
      uuid: crypto.randomUUID(),
      companyId: c.companyId,
      status,
      queueId: c.queueId,
      queue: { id: c.queueId, name: 'Atendimento', color: '#7c7c7c' },
      userId: status === 'pending' ? null : 1,
      user: status === 'pending' ? null : { id: 1, name: 'Bench Owner' },
      contactId: id,
      whatsappId: c.connectionId,
      whatsapp: { id: c.connectionId, name: 'Chat do site', channel: 'webchat', groupAsTicket: 'disabled' },
      channel: 'webchat',
      isGroup: false,
      isBot: false,
      useIntegration: false,
      tags: [],
      tagIds: [],
      lastMessage: `mensagem ${i}`,
      fromMe: false,
      unreadMessages: status === 'pending' ? 1 : 0,
      amountUsedBotQueues: 0,
      createdAt: at,
      updatedAt: at,
      closedAt: status === 'closed' ? at : null,
      version: 1,
    };
    items.push({ ...ticketKey(c.companyId, id), type: 'ticket', ...indexKeys(t), ...t });
    for (const dim of counterDims(t)) counters.set(dim, (counters.get(dim) ?? 0) + 1);
    // seeded tickets bypass the events: their dashboard day counters are added up here, by the listener's own rules
    const mark = markOf(t, undefined, true, 'UTC');
    for (const [item, counts] of contributionOf(mark)) {
      const key = `${mark.day}|${item}`;
      const sum = dashboard.get(key) ?? {};
      for (const [name, n] of Object.entries(counts)) sum[name] = (sum[name] ?? 0) + n;
      dashboard.set(key, sum);
    }
    if (i % Math.max(1, Math.floor(size / 50)) === 0 && status !== 'closed') {
      sampleTicketId = sampleTicketId || id;
      for (let m = 0; m < 20; m++) {
        const mid = ulid(start + i * 60_000 + m * 1000);
        items.push({
          pk: ticketPk(c.companyId, id),
          sk: `M#${mid}`,
          type: 'message',
          id: `${id}-${mid}`,
          ulid: mid,
          companyId: c.companyId,
          ticketId: id,
          connectionId: c.connectionId,
          contactId: m % 2 ? null : id,
          body: `mensagem ${m} do atendimento ${i}`,
          fromMe: m % 2 === 1,
          read: true,
          mediaType: 'chat',
          mediaUrl: null,
          mediaName: null,
          ack: 3,
          isDeleted: false,
          isEdited: false,
          isForwarded: false,
          isPrivate: false,
          quotedMsg: null,
          quotedMsgId: null,
          userId: m % 2 ? 1 : null,
          error: null,
          channelMessageId: `bench-${id}-${m}`,
          createdAt: new Date(start + i * 60_000 + m * 1000).toISOString(),
          updatedAt: new Date(start + i * 60_000 + m * 1000).toISOString(),
        });
      }
    }
  }
  for (const [dim, count] of counters) items.push({ pk: `C#${c.companyId}#TCOUNT`, sk: dim, type: 'ticketCounter', count });
  for (const [key, counts] of dashboard) {
    const [day, item] = key.split('|') as [string, string];
    if (item === 'D')
      items.push({ pk: dayPk(c.companyId), sk: daySk(day), type: 'dashboardDay', companyId: c.companyId, day, ...counts });
    else {
      const userId = Number(item.slice(2));
      items.push({
        pk: userDayPk(c.companyId),
        sk: userDaySk(day, userId),
        type: 'dashboardUserDay',
        companyId: c.companyId,
        day,
        userId,
        ...counts,
      });
    }
  }
  await writeAll(items);
  return {
    companyId: c.companyId,
    queueId: c.queueId,
    connectionId: c.connectionId,
    adminToken: c.adminToken,
    agentToken: c.agentToken,
    sampleTicketId,
  };
};

const authOf = async (token: string) => {
  const verified = await verifyAccessToken(token);
  if (!verified.ok) throw new Error('bench token rejected');
  const auth = await contextFromClaims(verified.claims);
  if (!auth) throw new Error('bench session not found');
  return auth;
};

export interface CostRow {
  size: number;
  name: string;
  roundTrips: number;
  sequentialTrips: number;
  readUnits: number;
  items: number;
  /** time of the service call over 40 sequential runs */
  p50Ms: number;
  p99Ms: number;
}

export interface IdleRow {
  size: number;
  seconds: number;
  roundTrips: number;
  readUnits: number;
  writeUnits: number;
  /** what the idle window's requests were (command and key shape) */
  byKey: Record<string, number>;
  /** one ticket's schedule firing when nothing is due yet: what it reads to find that out and set the next one */
  fireTrips: number;
  fireReadUnits: number;
}

/**
 * The engine's timed rules cost nothing while tickets are idle: the company's connection gets every timed rule
 * (inactivity, expiry, return to queue, redirection, rating expiry) and the table traffic of the whole runtime
 * is counted over an idle window. A peer's crons read every open ticket each minute instead.
 */
const measureIdle = async (base: string, c: Company, size: number, seconds: number): Promise<IdleRow> => {
  const res = await fetch(`${base}/api/whatsapp/${c.connectionId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${c.adminToken}` },
    body: JSON.stringify({
      timeInactiveMessage: 5,
      inactiveMessage: 'Ainda está aí?',
      expiresTicket: 1,
      timeToReturnQueue: 10,
      timeSendQueue: 5,
      sendIdQueue: c.queueId,
      ratingMessage: 'Nota?',
      expiresTicketNPS: 30,
    }),
  });
  if (!res.ok) throw new Error(`connection rules: HTTP ${res.status} ${await res.text()}`);
  const m = await measureCapacity(() => new Promise((resolve) => setTimeout(resolve, seconds * 1000)));
  await runTicketTimer(c.companyId, c.sampleTicketId); // settings into the caches, as a warm function has them
  const fired = await measureCapacity(() => runTicketTimer(c.companyId, c.sampleTicketId));
  return {
    size,
    seconds,
    roundTrips: m.roundTrips,
    readUnits: m.readUnits,
    writeUnits: m.writeUnits,
    byKey: m.byKey,
    fireTrips: fired.roundTrips,
    fireReadUnits: fired.readUnits,
  };
};

export const measureCosts = async (
  runtime: Runtime,
  sizes: number[],
  idleSeconds = 0,
  idle: IdleRow[] = [],
): Promise<CostRow[]> => {
  const rows: CostRow[] = [];
  for (const size of sizes) {
    const started = performance.now();
    const c = await seedCompany(runtime.url, size);
    console.log(`  seeded a company with ${size} tickets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (idleSeconds > 0) idle.push(await measureIdle(runtime.url, c, size, idleSeconds));
    const admin = await authOf(c.adminToken);
    const agent = await authOf(c.agentToken);
    const cases: [string, () => Promise<number>][] = [
      [
        'ticket list page of 20: admin, pending, show all',
        async () =>
          (await listTickets(admin, ticketListQuery.parse({ status: 'pending', showAll: 'true', limit: '20' }))).tickets.length,
      ],
      [
        'ticket list page of 20: agent, pending (queue + own)',
        async () => (await listTickets(agent, ticketListQuery.parse({ status: 'pending', limit: '20' }))).tickets.length,
      ],
      [
        'ticket list page of 20: admin, closed, show all',
        async () =>
          (await listTickets(admin, ticketListQuery.parse({ status: 'closed', showAll: 'true', limit: '20' }))).tickets.length,
      ],
      ['message page of 20', async () => (await listMessages(admin, c.sampleTicketId, { limit: 20 })).messages.length],
      [
        'contact search "silva" (page of 20)',
        async () => (await listContacts(admin, { searchParam: 'silva', rowsPerPage: 20 } as never)).contacts.length,
      ],
      [
        'contact search "ana" (page of 20)',
        async () => (await listContacts(admin, { searchParam: 'ana', rowsPerPage: 20 } as never)).contacts.length,
      ],
      [
        'contact list page of 20 (by name)',
        async () => (await listContacts(admin, { rowsPerPage: 20 } as never)).contacts.length,
      ],
      // the seeded tickets start on 2026-01-01, one a minute; items = the tickets the period counts
      [
        'dashboard, 30 days (counters + attendants)',
        async () => (await getDashboard(admin, { date_from: '2026-01-01', date_to: '2026-01-30' })).counters.tickets,
      ],
      [
        'dashboard, 366 days (counters + attendants)',
        async () => (await getDashboard(admin, { date_from: '2026-01-01', date_to: '2027-01-01' })).counters.tickets,
      ],
    ].filter(([name]) => !process.env.BENCH_CASES || new RegExp(process.env.BENCH_CASES).test(name as string)) as [
      string,
      () => Promise<number>,
    ][];
    for (const [name, run] of cases) {
      await run(); // warm caches of the emulator
      const m = await measureCapacity(run);
      const times: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p50Ms = times[Math.floor(times.length * 0.5)]!;
      const p99Ms = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
      rows.push({
        size,
        name,
        roundTrips: m.roundTrips,
        sequentialTrips: m.sequentialTrips,
        readUnits: m.readUnits,
        items: m.result,
        p50Ms,
        p99Ms,
      });
    }
  }
  return rows;
};

export interface LatencyRow {
  rate: number;
  sent: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Visitors write through the public web chat API at a fixed rate while an agent's socket times each message's
 * arrival. The load runs in a child process (scripts/bench-load.ts), as customers' traffic would, so that the
 * load generator does not share the product's event loop.
 */
export const measureLatency = async (runtime: Runtime, rates: number[], seconds: number): Promise<LatencyRow[]> => {
  const c = await signup(runtime.url, 'Bench Latency');
  const token = c.connection.widgetKey!;
  const visitors: string[] = [];
  for (let i = 0; i < 150; i++) {
    const res = await fetch(`${runtime.url}/api/webchat/${token}/visitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Visitante ${i}` }),
    });
    visitors.push(((await res.json()) as { visitorToken: string }).visitorToken);
  }
  return runLoad({ baseUrl: runtime.url, webchatToken: token, agentToken: c.adminToken, visitors, rates, seconds });
};

/** Runs the load generator (scripts/bench-load.ts) in its own process and answers its rows. */
const runLoad = (input: Record<string, unknown>): Promise<LatencyRow[]> => runInChild<LatencyRow[]>('bench-load.ts', input);

/**
 * An agent answers `conversations` web chat visitors in turn at a fixed rate (POST /messages); each visitor's widget
 * socket times the reply's arrival, through the outbound queue and the web chat driver.
 */
export const measureSendLatency = async (
  runtime: Runtime,
  rates: number[],
  seconds: number,
  conversations = 20,
): Promise<LatencyRow[]> => {
  const c = await signup(runtime.url, 'Bench Sends');
  const token = c.connection.widgetKey!;
  const visitors: string[] = [];
  for (let i = 0; i < conversations; i++) {
    const res = await fetch(`${runtime.url}/api/webchat/${token}/visitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Cliente ${i}` }),
    });
    const visitorToken = ((await res.json()) as { visitorToken: string }).visitorToken;
    await fetch(`${runtime.url}/api/webchat/${token}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitorToken}` },
      body: JSON.stringify({ body: `olá ${i}` }),
    });
    visitors.push(visitorToken);
  }
  await runtime.drainQueues();
  const list = await fetch(`${runtime.url}/api/tickets?status=pending&showAll=true&limit=100`, {
    headers: { authorization: `Bearer ${c.adminToken}` },
  });
  const tickets = ((await list.json()) as { tickets: { id: number; contact: { name: string } }[] }).tickets;
  const ticketIds = Array.from({ length: conversations }, (_, i) => tickets.find((t) => t.contact.name === `Cliente ${i}`)!.id);
  return runLoad({
    mode: 'send',
    baseUrl: runtime.url,
    webchatToken: token,
    agentToken: c.adminToken,
    visitors,
    ticketIds,
    rates,
    seconds,
  });
};

export const padName = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s.padEnd(n));
export { padId };
