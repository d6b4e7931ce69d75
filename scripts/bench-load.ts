/**
 * Load generator of the latency benchmarks, run as its own process: visitors post messages to the public web chat
 * API at a fixed rate and an agent's WebSocket times when each message's event arrives, or (send mode) an agent
 * posts replies at a fixed rate and the visitors' widget sockets time their arrival. Reads its settings as JSON on
 * stdin, prints one JSON array of rows on stdout.
 */
import WebSocket from 'ws';

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

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const readInput = async (): Promise<Input> => {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return JSON.parse(text) as Input;
};

/** Fires `total` calls at `rate` per second, each `call(i)` timed from its start. */
const atRate = async (rate: number, seconds: number, call: (i: number) => Promise<unknown>) => {
  const total = rate * seconds;
  const interval = 1000 / rate;
  const begin = performance.now();
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = begin + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    calls.push(call(i));
  }
  await Promise.all(calls);
  return total;
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
    const deadline = performance.now() + 30_000;
    while (latencies.length < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    rows.push({
      rate,
      sent: total,
      received: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
    });
    sentAt.clear();
  }
  sockets.forEach((ws) => ws.close());
  return rows;
};

const main = async () => {
  const input = await readInput();
  if (input.mode === 'send') {
    process.stdout.write(JSON.stringify(await measureSends(input)));
    return;
  }
  // the agent's socket opens with a one-time connect ticket, as the web app's does
  const issued = await fetch(`${input.baseUrl}/api/auth/ws-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${input.agentToken}` },
  });
  const { ticket } = (await issued.json()) as { ticket: string };
  const ws = new WebSocket(`${input.baseUrl.replace('http', 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
  await new Promise((r) => ws.once('open', r));
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
    const total = rate * input.seconds;
    const interval = 1000 / rate;
    const begin = performance.now();
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = begin + i * interval - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const body = `bench ${rate}/s #${++serial}`;
      const visitor = input.visitors[serial % input.visitors.length]!;
      sentAt.set(body, performance.now());
      sends.push(
        fetch(`${input.baseUrl}/api/webchat/${input.webchatToken}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor}` },
          body: JSON.stringify({ body }),
        }).then((r) => r.arrayBuffer()),
      );
    }
    await Promise.all(sends);
    const deadline = performance.now() + 30_000;
    while (latencies.length < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    rows.push({
      rate,
      sent: total,
      received: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
    });
    sentAt.clear();
  }
  ws.close();
  process.stdout.write(JSON.stringify(rows));
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
