/**
 * WhatsApp inbound through the connector path, in the runtime's process: a scripted Baileys socket's
 * `messages.upsert` -> the product's message bridge -> inbound.fifo (local queue engine) -> inbound consumer ->
 * the agent's WebSocket frame `company-{id}-appMessage` (create). Messages are paced at a fixed rate over 50
 * customers (50 FIFO groups); latency is from the upsert to the frame's arrival at the agent's socket.
 */
import WebSocket from 'ws';
import type { WAMessage } from '@whiskeysockets/baileys';
import type { FakeSocketFactory } from '../connector-container/src/testing/fake-baileys-socket.ts';
import type { Runtime } from '../infra/local/runtime.ts';

export interface WhatsappLatencyRow {
  rate: number;
  sent: number;
  received: number;
  /** messages per second from the first upsert to the last frame */
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  /** messages that reached the agent's socket before an earlier one of the same customer */
  outOfOrder: number;
  /** the connector alone: from the socket's event to the message durably on inbound.fifo */
  queued: number;
  queuedPerSecond: number;
  queuedP50: number;
  queuedP99: number;
  /** messages put on inbound.fifo before an earlier one of the same customer */
  queuedOutOfOrder: number;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const CUSTOMERS = 50;

export const measureWhatsappInbound = async (
  runtime: Runtime,
  fakes: FakeSocketFactory,
  rates: number[],
  seconds: number,
): Promise<WhatsappLatencyRow[]> => {
  const base = `${runtime.url}/api`;
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const email = `bench-wa-${Date.now()}@example.com`;
  const signup = await post('/auth/signup', {
    name: 'Bench Owner',
    companyName: 'Bench WhatsApp',
    email,
    password: 'bench-pass',
    phone: '5511999990000',
    planId: 1,
  });
  const companyId = signup.body.companyId as number;
  const token = (await post('/auth/login', { email, password: 'bench-pass' })).body.token as string;
  const created = await post('/whatsapp', { channel: 'whatsapp', name: 'Bench' }, token);
  if (created.status !== 201) throw new Error(`WhatsApp connection not created: ${JSON.stringify(created.body)}`);
  const ref = { companyId, connectionId: created.body.id as number };
  const socket = await fakes.next(ref, { after: 0 });
  socket.open('5511900009999');
  for (const end = Date.now() + 10_000; ;) {
    const res = await fetch(`${base}/whatsapp/${ref.connectionId}`, { headers: { authorization: `Bearer ${token}` } });
    if (((await res.json()) as { status: string }).status === 'CONNECTED') break;
    if (Date.now() > end) throw new Error('the bench session did not open');
    await new Promise((r) => setTimeout(r, 50));
  }

  const { ticket } = (await post('/auth/ws-ticket', {}, token)).body as { ticket: string };
  const ws = new WebSocket(`${runtime.url.replace('http', 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
  await new Promise((r) => ws.once('open', r));
  const appMessage = `company-${companyId}-appMessage`;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let lastAt = 0;
  // the number of each customer's last message seen on the socket: a lower one after it arrived out of order
  const lastSeen = new Map<string, number>();
  let outOfOrder = 0;
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { event: string; data: { action: string; message?: { body: string } } };
    if (frame.event !== appMessage || frame.data.action !== 'create' || !frame.data.message) return;
    const t0 = sentAt.get(frame.data.message.body);
    if (t0 === undefined) return;
    lastAt = performance.now();
    latencies.push(lastAt - t0);
    const numbered = /^wa bench \d+\/s #(\d+) c(\d+)$/.exec(frame.data.message.body);
    if (numbered) {
      const [, n, customer] = numbered;
      if ((lastSeen.get(customer!) ?? -1) > Number(n)) outOfOrder += 1;
      lastSeen.set(customer!, Number(n));
    }
    sentAt.delete(frame.data.message.body);
  });

  // the connector's own part: when each message is put on inbound.fifo (its port, wrapped). SQS answers a send in
  // milliseconds where the local queue answers at once: BENCH_SQS_MS adds that round trip to each send, so the
  // connector is measured as it waits in AWS
  const sqsMs = Number(process.env.BENCH_SQS_MS ?? 0);
  const { queue, setLocalPorts } = await import('../functions/src/platform/ports/ports.ts');
  const inner = queue();
  const queuedAt = new Map<string, number>();
  const queuedOrder = new Map<string, number>();
  let queuedOutOfOrder = 0;
  let lastQueuedAt = 0;
  setLocalPorts({
    queue: {
      send: async (name, message) => {
        if (sqsMs > 0) await new Promise((resolve) => setTimeout(resolve, sqsMs));
        const sent = await inner.send(name, message);
        if (name === 'inbound.fifo') {
          const body = (JSON.parse(message.body) as { body?: string }).body ?? '';
          const numbered = /^wa bench \d+\/s #(\d+) c(\d+)$/.exec(body);
          if (numbered) {
            lastQueuedAt = performance.now();
            queuedAt.set(body, lastQueuedAt);
            const [, n, customer] = numbered;
            if ((queuedOrder.get(customer!) ?? -1) > Number(n)) queuedOutOfOrder += 1;
            queuedOrder.set(customer!, Number(n));
          }
        }
        return sent;
      },
      changeVisibility: (name, handle, timeout) => inner.changeVisibility(name, handle, timeout),
    },
  });
  const upsertedAt = new Map<string, number>();

  // every customer's first message opens a ticket: done before measuring, so the rows time the steady state
  let serial = 0;
  const upsert = (customer: number, body: string) => {
    const message: WAMessage = {
      key: { remoteJid: `55119${String(80_000_000 + customer)}@s.whatsapp.net`, fromMe: false, id: `BENCH${++serial}` },
      message: { conversation: body },
      messageTimestamp: Math.floor(Date.now() / 1000),
      pushName: `Cliente ${customer}`,
    };
    sentAt.set(body, performance.now());
    upsertedAt.set(body, performance.now());
    socket.receive([message]);
  };
  for (let c = 0; c < CUSTOMERS; c++) upsert(c, `warm-up ${c}`);
  for (const end = Date.now() + 30_000; sentAt.size > 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
  sentAt.clear();
  await runtime.idleQueues(30_000);

  const rows: WhatsappLatencyRow[] = [];
  for (const rate of rates) {
    latencies.length = 0;
    lastSeen.clear();
    outOfOrder = 0;
    queuedAt.clear();
    queuedOrder.clear();
    upsertedAt.clear();
    queuedOutOfOrder = 0;
    const total = rate * seconds;
    const interval = 1000 / rate;
    const begin = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = begin + i * interval - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      upsert(i % CUSTOMERS, `wa bench ${rate}/s #${i} c${i % CUSTOMERS}`);
    }
    const deadline = performance.now() + 30_000;
    while (latencies.length < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const queuedLatencies = [...queuedAt].map(([body, at]) => at - (upsertedAt.get(body) ?? at));
    rows.push({
      rate,
      sent: total,
      received: latencies.length,
      throughput: latencies.length / ((lastAt - begin) / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      outOfOrder,
      queued: queuedAt.size,
      queuedPerSecond: queuedAt.size / ((lastQueuedAt - begin) / 1000),
      queuedP50: percentile(queuedLatencies, 50),
      queuedP99: percentile(queuedLatencies, 99),
      queuedOutOfOrder,
    });
    sentAt.clear();
    // a rate above what the inbound consumer takes leaves a backlog: it is waited for longer before the next rate
    await runtime.idleQueues(180_000);
  }
  ws.close();
  setLocalPorts({ queue: inner });
  return rows;
};
