/**
 * `npm run bench:cost`: what each operation a user makes costs in AWS, counted on the local runtime (every function
 * in this process, over DynamoDB Local): the table's read and write units as DynamoDB reports them, the messages put
 * on queues, the scheduler's calls, the frames posted to sockets and their bytes, and the Lambda invocations these
 * make; then the dollars per million inbound messages of a company of 50 agents, at the prices of aws-prices.ts; then
 * the fan-out of a company of BENCH_FANOUT_AGENTS agents online (bench-fanout.ts).
 *
 * An operation is measured from its request until every queue, consumer and listener it set off is done
 * (runtime.idleQueues), so what happens after the answer is counted with it. Each is measured three times and the
 * last is printed: the first may fill caches a busy function keeps warm.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local.ts';
import { startRuntime, type Runtime } from '../infra/local/runtime.ts';
import { installUsageCounters, measureUsage, type Usage } from '../infra/local/usage-meter.ts';
import { FakeSocketFactory } from '../connector-container/src/testing/fake-baileys-socket.ts';
import { ASSUMPTIONS, PRICES } from './aws-prices.ts';
import { FLOORS, type Floor } from './cost-floors.ts';
import { measureFanout, type FanoutRow } from './bench-fanout.ts';

/** agents online beside the admin, in the company's one queue: every one of them may see every new conversation */
const AGENTS_ONLINE = Number(process.env.BENCH_AGENTS ?? 4);
/** the fan-out section: agents online in another company, over queues of about 25 (0 leaves the section out) */
const FANOUT_AGENTS = Number(process.env.BENCH_FANOUT_AGENTS ?? 200);

class Client {
  constructor(
    readonly base: string,
    public token = '',
  ) {}
  /** HTTP requests made, each one API Gateway request and one Lambda invocation */
  static requests = 0;
  async call(method: string, path: string, body?: unknown): Promise<any> {
    Client.requests += 1;
    const res = await fetch(`${this.base}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
  async login(email: string, password: string) {
    this.token = (await this.call('POST', '/auth/login', { email, password })).token;
    return this;
  }
}

/** An agent's browser socket, which only listens here: opened with a one-time ticket, as the web client does. */
const openSocket = async (user: Client): Promise<WebSocket> => {
  const { ticket } = await user.call('POST', '/auth/ws-ticket');
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${user.base.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
};

/** The next frame on `ws` whose text has `text`, parsed. */
const frameWith = (ws: WebSocket, text: string): Promise<any> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no frame with ${text}`)), 15_000);
    const listen = (data: WebSocket.RawData) => {
      const raw = String(data);
      if (!raw.includes(text)) return;
      clearTimeout(timer);
      ws.off('message', listen);
      resolve(JSON.parse(raw));
    };
    ws.on('message', listen);
  });

interface Row {
  name: string;
  usage: Usage;
  requests: number;
  floor: Floor;
}

const main = async () => {
  process.removeAllListeners('warning');
  Object.assign(process.env, {
    // hundreds of agents sign in for the fan-out: their password hashes are made at the cheapest cost accepted
    PASSWORD_SCRYPT_LOG2N: process.env.PASSWORD_SCRYPT_LOG2N ?? '14',
    SIGNUPS_PER_ADDRESS: '1000',
    WEBCHAT_VISITORS_PER_ADDRESS: '100000',
    WEBCHAT_MESSAGES_PER_ADDRESS: '1000000',
    WEBCHAT_MESSAGES_PER_CONNECTION: '1000000',
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-cost-'));
  const ddb = await startDynamoDbLocal();
  const fakes = new FakeSocketFactory();
  const runtime: Runtime = await startRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    dynamoEndpoint: ddb.endpoint,
    webDir: join(dataDir, 'no-web'),
    whatsappSocketFactory: fakes.factory,
  });
  installUsageCounters();
  const sockets: WebSocket[] = [];
  const rows: Row[] = [];
  let fanout: FanoutRow | undefined;
  try {
    const base = runtime.url;
    const email = `owner-${Date.now()}@example.com`;
    const signup = await new Client(base).call('POST', '/auth/signup', {
      name: 'Owner',
      companyName: 'Custo Medido',
      email,
      password: 'pass-12345',
      phone: '5511999990000',
      planId: 1,
    });
    const admin = await new Client(base).login(email, 'pass-12345');
    const me = await admin.call('GET', '/auth/me');
    const queueId: number = me.queueIds?.[0] ?? me.user?.queueIds?.[0];
    const agents: Client[] = [];
    for (let i = 0; i < AGENTS_ONLINE; i += 1) {
      const agentEmail = `agent${i}-${Date.now()}@example.com`;
      await admin.call('POST', '/users', {
        name: `Agente ${i}`,
        email: agentEmail,
        password: 'pass-12345',
        profile: 'user',
        queueIds: [queueId],
      });
      agents.push(await new Client(base).login(agentEmail, 'pass-12345'));
    }
    for (const user of [admin, ...agents]) sockets.push(await openSocket(user));
    const connections = await admin.call('GET', '/whatsapp');
    const webchat = (connections as { channel: string; widgetKey?: string }[]).find((c) => c.channel === 'webchat')!;
    const widget = `/webchat/${webchat.widgetKey}`;
    const settled = () => runtime.idleQueues(30_000);

    /** `prepare` sets up each run outside the measure (a ticket in the state the operation starts from). */
    const measure = async (
      name: string,
      floorKey: keyof typeof FLOORS,
      op: () => Promise<unknown>,
      prepare?: () => Promise<void>,
    ) => {
      let last: { usage: Usage; requests: number } | undefined;
      for (let i = 0; i < 3; i += 1) {
        await prepare?.();
        await settled();
        const before = Client.requests;
        const { usage } = await measureUsage(async () => {
          await op();
          await settled();
        });
        last = { usage, requests: Client.requests - before };
      }
      rows.push({ name, ...last!, floor: FLOORS[floorKey] });
    };

    // a visitor of the web chat, and the ticket their messages open
    let visitorSerial = 0;
    const newVisitor = async () => {
      const started = await new Client(base).call('POST', `${widget}/visitors`, { name: `Visitante ${++visitorSerial}` });
      return new Client(base, started.visitorToken);
    };
    const ticketOfLatest = async (): Promise<number> => {
      const list = await admin.call('GET', '/tickets?status=pending&showAll=true');
      return list.tickets[0].id;
    };

    await measure('web chat: a new visitor writes (contact, ticket, message)', 'inboundNew', async () => {
      const visitor = await newVisitor();
      await visitor.call('POST', `${widget}/messages`, { body: 'Olá, preciso de ajuda com meu pedido' });
    });
    const visitor = await newVisitor();
    await visitor.call('POST', `${widget}/messages`, { body: 'Primeira mensagem' });
    await settled();
    const ticketId = await ticketOfLatest();
    await measure('web chat: a message in an open conversation', 'inboundKnown', () =>
      visitor.call('POST', `${widget}/messages`, { body: 'Mais uma pergunta sobre a entrega' }),
    );

    // the connector's path: a WhatsApp number on a scripted Baileys socket
    const wa = await admin.call('POST', '/whatsapp', { channel: 'whatsapp', name: 'Vendas' });
    const socket = await fakes.next({ companyId: signup.companyId, connectionId: wa.id }, { after: 0 });
    socket.open('5511900002222');
    for (let i = 0; i < 100; i += 1) {
      if ((await admin.call('GET', `/whatsapp/${wa.id}`)).status === 'CONNECTED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    let waSerial = 0;
    const fromCustomer = () => {
      waSerial += 1;
      socket.receive([
        {
          key: { remoteJid: '5511977771111@s.whatsapp.net', fromMe: false, id: `BENCH-${waSerial}` },
          message: { conversation: `Mensagem ${waSerial} pelo WhatsApp` },
          messageTimestamp: Math.floor(Date.now() / 1000),
          pushName: 'Cliente WhatsApp',
        },
      ]);
    };
    const first = frameWith(sockets[0]!, 'Mensagem 1 pelo WhatsApp');
    fromCustomer();
    const waTicket: number = (await first).data.message.ticketId;
    await measure('WhatsApp (QR): a message in an open conversation', 'inboundKnown', async () => {
      // the socket's event reaches the queue through the connector's bridge after this call returns: the admin's
      // socket tells when it is stored
      const stored = frameWith(sockets[0]!, `Mensagem ${waSerial + 1} pelo WhatsApp`);
      fromCustomer();
      await stored;
    });

    await admin.call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: me.id ?? me.user?.id });
    await admin.call('PUT', `/tickets/${waTicket}`, { status: 'open', userId: me.id ?? me.user?.id });
    await settled();
    await measure('agent: a reply on the web chat', 'reply', () =>
      admin.call('POST', `/messages/${ticketId}`, { body: 'Seu pedido sai hoje à tarde.' }),
    );
    await measure('agent: a reply on WhatsApp (QR), through the connector', 'reply', () =>
      admin.call('POST', `/messages/${waTicket}`, { body: 'Recebemos, obrigado!' }),
    );

    // accept, transfer and close each need a ticket in the state before: a new visitor's, made outside the measure
    const pendingTicket = async () => {
      const v = await newVisitor();
      await v.call('POST', `${widget}/messages`, { body: 'Oi' });
      await settled();
      return ticketOfLatest();
    };
    const agent = agents[0] ?? admin;
    const agentId = async () => (await agent.call('GET', '/auth/me')).id;
    const agentUserId = await agentId();
    let next = 0;
    const nextPending = async () => {
      next = await pendingTicket();
    };
    await measure(
      'agent: accept a waiting conversation',
      'accept',
      () => agent.call('PUT', `/tickets/${next}`, { status: 'open', userId: agentUserId }),
      nextPending,
    );
    // to another agent of the queue and, the next time, back
    const holders = [agentUserId, me.id ?? me.user?.id];
    let transfers = 0;
    await measure('agent: transfer to another agent', 'transfer', async () => {
      transfers += 1;
      await admin.call('PUT', `/tickets/${ticketId}`, { userId: holders[transfers % 2], queueId });
    });
    await measure(
      'agent: close a conversation',
      'close',
      () => admin.call('PUT', `/tickets/${next}`, { status: 'closed' }),
      async () => {
        await nextPending();
        await admin.call('PUT', `/tickets/${next}`, { status: 'open', userId: agentUserId });
      },
    );
    await measure('agent: the first page of the conversation list', 'listPage', () =>
      admin.call('GET', '/tickets?status=pending&showAll=true&limit=20'),
    );
    await measure('agent: a contact search', 'search', () => admin.call('GET', '/contacts?searchParam=visitante'));

    if (FANOUT_AGENTS > 0) {
      const ownerEmail = `fanout-owner-${Date.now()}@example.com`;
      const company = await new Client(base).call('POST', '/auth/signup', {
        name: 'Owner',
        companyName: 'Muitos Agentes',
        email: ownerEmail,
        password: 'pass-12345',
        phone: '5511999990001',
        planId: 1,
      });
      const owner = await new Client(base).login(ownerEmail, 'pass-12345');
      const ownWebchat = ((await owner.call('GET', '/whatsapp')) as { channel: string; widgetKey?: string }[]).find(
        (c) => c.channel === 'webchat',
      )!;
      const call = (method: string, path: string, body?: unknown, token?: string) =>
        new Client(base, token).call(method, path, body);
      fanout = await measureFanout(
        runtime,
        call,
        { token: owner.token, companyId: company.companyId, widgetKey: ownWebchat.widgetKey! },
        // the plan allows ten queues, one of which the company starts with
        { agents: FANOUT_AGENTS, queues: Math.min(8, Math.max(1, Math.round(FANOUT_AGENTS / 25))), messages: 50 },
      );
    }
  } finally {
    for (const s of sockets) s.close();
    await runtime.stop();
    await ddb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  print(rows);
  if (fanout) printFanout(fanout);
};

const printFanout = (f: FanoutRow) => {
  console.log(
    `\nFan-out: ${f.agents} agents online in ${f.queues} queues, a customer's conversation in one of them (${f.entitled} users may see it: its queue's agents and the admin), ${f.messages} messages`,
  );
  console.log(
    `  posts per message ${f.postsPerMessage.toFixed(1)} (${(f.postsPerMessage / f.entitled).toFixed(2)} per user who may see it), ${Math.round(f.bytesPerMessage)} bytes per message`,
  );
  console.log(
    `  to the last of them: p50 ${f.p50Last.toFixed(1)} ms, p99 ${f.p99Last.toFixed(1)} ms; to any of them p99 ${f.p99Any.toFixed(1)} ms`,
  );
  console.log(`  missed by a user who may see it: ${f.missed}; received by one who may not: ${f.strays}`);
};

const invocationsOf = (r: Row): number => r.requests + Object.values(r.usage.queueMessages).reduce((sum, n) => sum + (n ?? 0), 0);

/** Dollars of one operation, by line. */
const dollarsOf = (r: Row) => {
  const u = r.usage;
  const messages = Object.entries(u.queueMessages);
  const sqs = messages.reduce(
    (sum, [queue, n]) =>
      sum +
      (n ?? 0) *
        ASSUMPTIONS.sqsRequestsPerMessage *
        (queue.endsWith('.fifo') ? PRICES.sqsFifoRequest : PRICES.sqsStandardRequest),
    0,
  );
  const invocations = invocationsOf(r);
  const socketMessages = u.socketPosts === 0 ? 0 : u.socketPosts * Math.max(1, Math.ceil(u.socketBytes / u.socketPosts / 32_768));
  return {
    dynamo: u.writeUnits * PRICES.dynamoWriteUnit + u.readUnits * PRICES.dynamoReadUnit,
    sqs,
    lambda:
      invocations * PRICES.lambdaRequest +
      invocations * ASSUMPTIONS.lambdaSecondsPerInvocation * ASSUMPTIONS.lambdaMemoryGb * PRICES.lambdaGbSecondArm,
    api: r.requests * PRICES.httpApiRequest + socketMessages * PRICES.webSocketMessage,
    scheduler: u.schedulerCalls * PRICES.schedulerInvocation,
    logs: (invocations * ASSUMPTIONS.logBytesPerInvocation * PRICES.logsIngestGb) / 1e9,
    dataOut: (u.socketBytes * PRICES.dataOutGb) / 1e9,
  };
};

const total = (d: ReturnType<typeof dollarsOf>) => Object.values(d).reduce((a, b) => a + b, 0);

const print = (rows: Row[]) => {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`\nCost per operation: local runtime, DynamoDB Local, ${AGENTS_ONLINE + 1} users online in one queue\n`);
  console.log(
    [
      'operation'.padEnd(58),
      pad('RCU', 6),
      pad('WCU', 6),
      pad('of it GSI', 9),
      pad('floor', 11),
      pad('ratio', 6),
      pad('calls', 6),
      pad('SQS', 4),
      pad('sched', 6),
      pad('posts', 6),
      pad('bytes', 7),
      pad('λ', 3),
      pad('$/M ops', 8),
    ].join(' '),
  );
  for (const r of rows) {
    const units = r.usage.readUnits * (PRICES.dynamoReadUnit / PRICES.dynamoWriteUnit) + r.usage.writeUnits;
    const floorUnits = r.floor.readUnits * (PRICES.dynamoReadUnit / PRICES.dynamoWriteUnit) + r.floor.writeUnits;
    const queued = Object.values(r.usage.queueMessages).reduce((sum, n) => sum + (n ?? 0), 0);
    console.log(
      [
        r.name.padEnd(58).slice(0, 58),
        pad(r.usage.readUnits.toFixed(1), 6),
        pad(r.usage.writeUnits.toFixed(1), 6),
        pad(r.usage.indexWriteUnits.toFixed(1), 9),
        pad(`${r.floor.readUnits}R ${r.floor.writeUnits}W`, 11),
        pad((units / floorUnits).toFixed(2), 6),
        pad(r.usage.tableCalls, 6),
        pad(queued, 4),
        pad(r.usage.schedulerCalls, 6),
        pad(r.usage.socketPosts, 6),
        pad(r.usage.socketBytes, 7),
        pad(invocationsOf(r), 3),
        pad((total(dollarsOf(r)) * 1e6).toFixed(2), 8),
      ].join(' '),
    );
  }
  console.log('\nfloor: the least read (R) and write (W) units a correct design spends on the operation; ratio: measured');
  console.log('units over the floor, reads weighted by their price. Why each floor is what it is:');
  const seen = new Set<Floor>();
  for (const r of rows) {
    if (seen.has(r.floor)) continue;
    seen.add(r.floor);
    console.log(`  ${r.floor.label}: ${r.floor.why}`);
  }
  console.log('\nWhat made the table calls (command and key shape: calls), per operation:');
  for (const r of rows) {
    const top = Object.entries(r.usage.tableCallsByKey)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    console.log(`  ${r.name}: ${top}`);
  }

  // a company of 50 agents: each inbound message in a known conversation (a new one one time in ten) has one reply
  const find = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
  const known = find('web chat: a message in an open');
  const fresh = find('web chat: a new visitor');
  const reply = find('agent: a reply on the web chat');
  if (known && fresh && reply) {
    const fanOut = 50 / (AGENTS_ONLINE + 1);
    const scaled = (r: Row): number => {
      const d = dollarsOf(r);
      // socket posts and their bytes grow with the users who may see the conversation: 50 agents in one queue
      return total(d) + (d.api - r.requests * PRICES.httpApiRequest) * (fanOut - 1) + d.dataOut * (fanOut - 1);
    };
    const perMillion = (0.9 * scaled(known) + 0.1 * scaled(fresh) + scaled(reply)) * 1e6;
    console.log(
      `\nDollars per million inbound messages, a company of 50 agents in one queue (9 in 10 in known conversations, one`,
    );
    console.log(
      `reply each; socket posts scaled from ${AGENTS_ONLINE + 1} to 50 users): $${perMillion.toFixed(2)} at ${PRICES.region} prices of ${PRICES.date}`,
    );
    console.log(
      `(Lambda at ${ASSUMPTIONS.lambdaSecondsPerInvocation * 1000} ms and ${ASSUMPTIONS.lambdaMemoryGb * 1024} MB per invocation, ${ASSUMPTIONS.logBytesPerInvocation} log bytes each, ${ASSUMPTIONS.sqsRequestsPerMessage} SQS requests per message: assumptions, not measured)`,
    );
  }
};

await main();
process.exit(0);
