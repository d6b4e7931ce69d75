/**
 * Load generator of the latency benchmarks, run as its own process: visitors post messages to the public web chat
 * API at a fixed rate and an agent's WebSocket times when each message's event arrives, or (send mode) an agent
 * posts replies at a fixed rate and the visitors' widget sockets time their arrival. Reads its settings as JSON on
 * stdin, prints one JSON array of rows on stdout.
 */
import WebSocket from 'ws';
import { drain, openAgentSocket, paced, percentile, readStdinJson, runMain } from './bench-kit.ts';

interface Input {
  /** inbound: visitors write, the agent's socket times; send: the agent writes, the visitors' sockets time */
  mode?: 'inbound' | 'send';
  baseUrl: string;
  webchatToken: string;
  agentToken: string;
  visitors: string[];
  /** send mode: the ticket of each visitor, in the same order */
  ticketIds?: number[];
  rates: number[];
  seconds: number;
}

/** Fires `total` calls at `rate` per second, each `call(i)` timed from its start. */
const atRate = async (rate: number, seconds: number, call: (i: number) => Promise<unknown>) => {
  const total = rate * seconds;
  const calls: Promise<unknown>[] = [];
  await paced(rate, total, (i) => calls.push(call(i)));
  await Promise.all(calls);
  return total;
};

/** A rate's row: what was sent, what arrived and how long it took, once the last arrivals had their time. */
const latencyRow = async (rate: number, total: number, latencies: number[]) => {
  await drain(() => latencies.length >= total, 30);
  return {
    rate,
    sent: total,
    received: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  };
};

/** The agent answers the visitors' conversations in turn; each visitor's widget times the message's arrival. */
const measureSends = async (input: Input) => {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const sockets = await Promise.all(
    input.visitors.map(async (token) => {
      // as the widget does: a one-time ticket asked for with the visitor token, never the token in the address
      const issued = await fetch(`${input.baseUrl}/api/webchat/${input.webchatToken}/ws-ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (issued.status !== 200) throw new Error(`visitor socket ticket refused: ${issued.status}`);
      const { ticket } = (await issued.json()) as { ticket: string };
      const ws = new WebSocket(`${input.baseUrl.replace('http', 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
      await new Promise((r) => ws.once('open', r));
      ws.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as { event: string; data: { body?: string } };
        const t0 = frame.event === 'webchat-message' && frame.data.body !== undefined ? sentAt.get(frame.data.body) : undefined;
        if (t0 === undefined) return;
        latencies.push(performance.now() - t0);
        sentAt.delete(frame.data.body!);
      });
      return ws;
    }),
  );
  const rows = [];
  let serial = 0;
  for (const rate of input.rates) {
    latencies.length = 0;
    const total = await atRate(rate, input.seconds, async () => {
      const n = ++serial;
      const body = `bench send ${rate}/s #${n}`;
      const ticketId = input.ticketIds![n % input.ticketIds!.length]!;
      sentAt.set(body, performance.now());
      const res = await fetch(`${input.baseUrl}/api/messages/${ticketId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${input.agentToken}` },
        body: JSON.stringify({ body }),
      });
      await res.arrayBuffer();
    });
    rows.push(await latencyRow(rate, total, latencies));
    sentAt.clear();
  }
  sockets.forEach((ws) => ws.close());
  return rows;
};

const main = async () => {
  const input = await readStdinJson<Input>();
  if (input.mode === 'send') {
    process.stdout.write(JSON.stringify(await measureSends(input)));
    return;
  }
  // the agent's socket opens with a one-time connect ticket, as the web app's does
  const ws = await openAgentSocket(input.baseUrl, input.agentToken);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { data: { action: string; message?: { body: string } } };
    if (frame.data.action !== 'create' || !frame.data.message) return;
    const t0 = sentAt.get(frame.data.message.body);
    if (t0 !== undefined) {
      latencies.push(performance.now() - t0);
      sentAt.delete(frame.data.message.body);
    }
  });
  const rows = [];
  let serial = 0;
  for (const rate of input.rates) {
    latencies.length = 0;
    const total = await atRate(rate, input.seconds, () => {
      const body = `bench ${rate}/s #${++serial}`;
      const visitor = input.visitors[serial % input.visitors.length]!;
      sentAt.set(body, performance.now());
      return fetch(`${input.baseUrl}/api/webchat/${input.webchatToken}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor}` },
        body: JSON.stringify({ body }),
      }).then((r) => r.arrayBuffer());
    });
    rows.push(await latencyRow(rate, total, latencies));
    sentAt.clear();
  }
  ws.close();
  process.stdout.write(JSON.stringify(rows));
};

runMain(main);
