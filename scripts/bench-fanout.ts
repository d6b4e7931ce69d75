/**
 * The fan-out section of `npm run bench:cost`: a company with many agents online, spread over queues, and a customer
 * writing in a conversation of one queue. Prints how many sockets each message was posted to against how many may
 * see it (the queue's agents and the admin), what the posts cost, and how long the last of those sockets waited.
 */
import WebSocket from 'ws';
import type { Runtime } from '../infra/local/runtime.ts';
import { measureUsage } from '../infra/local/usage-meter.ts';
import { percentile } from './bench-kit.ts';
import { createUser, updateUserSettings } from '../functions/src/modules/users/users.service.ts';

export interface FanoutRow {
  agents: number;
  queues: number;
  /** users who may see the conversation: its queue's agents and the admin */
  entitled: number;
  messages: number;
  postsPerMessage: number;
  bytesPerMessage: number;
  /** ms from the customer's request to the frame on the last entitled socket, and to any socket */
  p50Last: number;
  p99Last: number;
  p99Any: number;
  /** entitled sockets that missed a message, and sockets that got one they may not see */
  missed: number;
  strays: number;
}

type Call = (method: string, path: string, body?: unknown, token?: string) => Promise<any>;

/** Opens a user's socket with a one-time ticket, recording when each frame arrives and its text. */
const listen = async (runtime: Runtime, call: Call, token: string) => {
  const { ticket } = await call('POST', '/auth/ws-ticket', undefined, token);
  const frames: { at: number; raw: string }[] = [];
  const ws = await new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${runtime.url.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
  ws.on('message', (data) => frames.push({ at: performance.now(), raw: String(data) }));
  return { ws, frames };
};

export const measureFanout = async (
  runtime: Runtime,
  call: Call,
  admin: { token: string; companyId: number; widgetKey: string },
  options: { agents: number; queues: number; messages: number },
): Promise<FanoutRow> => {
  const queueIds: number[] = [];
  for (let q = 0; q < options.queues; q += 1) {
    const queue = await call(
      'POST',
      '/queue',
      { name: `Fila ${q + 1}`, color: `#22${(0x10 + q).toString(16)}aa`, greetingMessage: 'Escolha uma opção' },
      admin.token,
    );
    queueIds.push(queue.id);
  }
  // the agents, each in one queue, signed in with a socket open
  const listeners: { queueId: number; frames: { at: number; raw: string }[]; ws: WebSocket }[] = [];
  for (let i = 0; i < options.agents; i += 1) {
    const email = `fanout-${i}-${Date.now()}@example.com`;
    const queueId = queueIds[i % queueIds.length]!;
    const user = await createUser(admin.companyId, { name: `Agente ${i}`, email, password: 'pass-12345' });
    await updateUserSettings(admin.companyId, user.id, { queueIds: [queueId] });
    const { token } = await call('POST', '/auth/login', { email, password: 'pass-12345' });
    listeners.push({ queueId, ...(await listen(runtime, call, token)) });
  }
  const adminSocket = await listen(runtime, call, admin.token);

  // one customer, whose conversation goes to the first queue
  const visitor = await call('POST', `/webchat/${admin.widgetKey}/visitors`, { name: 'Cliente da Fila 1' });
  await call('POST', `/webchat/${admin.widgetKey}/messages`, { body: 'Olá' }, visitor.visitorToken);
  await runtime.idleQueues(30_000);
  const pending = await call('GET', '/tickets?status=pending&showAll=true', undefined, admin.token);
  const ticketId: number = pending.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Cliente da Fila 1').id;
  await call('PUT', `/tickets/${ticketId}`, { queueId: queueIds[0] }, admin.token);
  await runtime.idleQueues(30_000);

  const entitled = [...listeners.filter((l) => l.queueId === queueIds[0]), adminSocket];
  const others = listeners.filter((l) => l.queueId !== queueIds[0]);
  const lasts: number[] = [];
  const anys: number[] = [];
  let posts = 0;
  let bytes = 0;
  let missed = 0;
  let strays = 0;
  for (let m = 0; m < options.messages; m += 1) {
    const text = `Pergunta número ${m} da fila`;
    const started = performance.now();
    const { usage } = await measureUsage(async () => {
      await call('POST', `/webchat/${admin.widgetKey}/messages`, { body: text }, visitor.visitorToken);
      await runtime.idleQueues(30_000);
    });
    posts += usage.socketPosts;
    bytes += usage.socketBytes;
    const arrivals = entitled.map((l) => l.frames.find((f) => f.at >= started && f.raw.includes(text))?.at);
    missed += arrivals.filter((a) => a === undefined).length;
    strays += others.filter((l) => l.frames.some((f) => f.at >= started && f.raw.includes(text))).length;
    const got = arrivals.filter((a): a is number => a !== undefined).map((a) => a - started);
    if (got.length > 0) lasts.push(Math.max(...got));
    anys.push(...got);
  }
  for (const l of [...listeners, adminSocket]) l.ws.close();
  return {
    agents: options.agents,
    queues: options.queues,
    entitled: entitled.length,
    messages: options.messages,
    postsPerMessage: posts / options.messages,
    bytesPerMessage: bytes / options.messages,
    p50Last: percentile(lasts, 50),
    p99Last: percentile(lasts, 99),
    p99Any: percentile(anys, 99),
    missed,
    strays,
  };
};
