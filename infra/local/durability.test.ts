/**
 * Nothing accepted is lost: a burst of web chat messages (the inbound queue), or of an agent's sends (the outbound
 * queue), is cut short by killing the whole product (its process group, DynamoDB Local included) or by Ctrl-C's
 * SIGINT to the group; after a restart on the same data every message that was answered 2xx is in the
 * conversation exactly once. Ctrl-C is a clean stop: every request is answered 2xx, or 503 with Retry-After once the
 * stop began, never 500 (DynamoDB Local ignores the terminal's SIGINT and is stopped after the requests finished).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProduct, type ProductProcess } from '../../test/product.ts';

const VISITORS = 4;
const MESSAGES_PER_VISITOR = 60;

interface Visitor {
  token: string;
  accepted: string[];
}

/** What the requests of a burst were answered: their statuses, and whether each 503 said when to come back. */
interface Answers {
  statuses: number[];
  unavailableWithoutRetryAfter: number;
}

const newAnswers = (): Answers => ({ statuses: [], unavailableWithoutRetryAfter: 0 });

const record = (answers: Answers, res: Response) => {
  answers.statuses.push(res.status);
  if (res.status === 503 && !res.headers.get('retry-after')) answers.unavailableWithoutRetryAfter += 1;
};

/** A stop by signal answers what was accepted with 2xx and the rest, if anything, with a clean 503. */
const expectCleanAnswers = (answers: Answers) => {
  expect(answers.statuses.filter((s) => (s < 200 || s >= 300) && s !== 503)).toEqual([]);
  expect(answers.unavailableWithoutRetryAfter).toBe(0);
};

const webchatTokenOf = (product: ProductProcess): string => {
  const token = /\/widget\/([A-Za-z0-9_-]+)/.exec(product.output())?.[1];
  if (!token) throw new Error(`no widget link in the output:\n${product.output()}`);
  return token;
};

const createVisitor = async (url: string, chat: string, i: number): Promise<Visitor> => {
  const res = await fetch(`${url}/api/webchat/${chat}/visitors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Visitor ${i}` }),
  });
  expect(res.status).toBe(201);
  return { token: ((await res.json()) as { visitorToken: string }).visitorToken, accepted: [] };
};

/** Each visitor writes its messages one after another, all visitors at once, until the product goes away. */
const burst = (url: string, chat: string, visitors: Visitor[], run: string, answers: Answers) =>
  Promise.all(
    visitors.map(async (visitor, v) => {
      for (let i = 0; i < MESSAGES_PER_VISITOR; i += 1) {
        const body = `${run} v${v} m${i}`;
        try {
          const res = await fetch(`${url}/api/webchat/${chat}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor.token}` },
            body: JSON.stringify({ body }),
          });
          record(answers, res);
          if (res.status >= 200 && res.status < 300) visitor.accepted.push(body);
        } catch {
          return; // the product is gone
        }
      }
    }),
  );

const conversation = async (url: string, chat: string, visitor: Visitor): Promise<string[]> => {
  const res = await fetch(`${url}/api/webchat/${chat}/messages`, { headers: { authorization: `Bearer ${visitor.token}` } });
  if (res.status !== 200) return [];
  const { messages } = (await res.json()) as { messages: { body: string; fromVisitor: boolean }[] };
  return messages.filter((m) => m.fromVisitor).map((m) => m.body);
};

const stopMidBurst = async (signal: 'SIGKILL' | 'SIGINT') => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-durable-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
  const first = await startProduct(env, 90_000, { detached: true });
  const chat = webchatTokenOf(first);
  const visitors = await Promise.all(Array.from({ length: VISITORS }, (_, i) => createVisitor(first.url, chat, i)));
  const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
  const answers = newAnswers();
  const sending = burst(first.url, chat, visitors, signal, answers);
  // cut in once a good part of the burst was accepted, while requests and queue batches are in flight
  while (visitors.reduce((n, v) => n + v.accepted.length, 0) < (VISITORS * MESSAGES_PER_VISITOR) / 3) {
    await new Promise((r) => setTimeout(r, 5));
  }
  process.kill(-first.child.pid!, signal);
  await sending;
  const code = await exited;
  expectCleanAnswers(answers);
  if (signal === 'SIGINT') expect(code, first.output()).toBe(0);

  const second = await startProduct(env);
  try {
    const accepted = visitors.reduce((n, v) => n + v.accepted.length, 0);
    expect(accepted).toBeGreaterThan(0);
    const deadline = Date.now() + 60_000;
    let stored: string[][] = [];
    for (;;) {
      stored = await Promise.all(visitors.map((v) => conversation(second.url, chat, v)));
      const complete = visitors.every((v, i) => v.accepted.every((body) => stored[i]!.includes(body)));
      if (complete || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    visitors.forEach((v, i) => {
      const missing = v.accepted.filter((body) => !stored[i]!.includes(body));
      expect(missing, `visitor ${i}: accepted but lost`).toEqual([]);
      const twice = stored[i]!.filter((body, at) => stored[i]!.indexOf(body) !== at);
      expect(twice, `visitor ${i}: stored twice`).toEqual([]);
    });
    return accepted;
  } finally {
    await second.stop('SIGTERM');
  }
};

const AGENT_MESSAGES = 40;
const SENDS_AT_ONCE = 8;
const ADMIN = { email: 'durable@example.com', password: 'durable-pass-1' };

const signIn = async (url: string): Promise<Record<string, string>> => {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return { 'content-type': 'application/json', authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
};

interface Sent {
  body: string;
  ack: number;
  error: string | null;
}

const agentMessages = async (url: string, headers: Record<string, string>, ticketId: number): Promise<Sent[]> => {
  const res = await fetch(`${url}/api/messages/${ticketId}?limit=100`, { headers });
  if (res.status !== 200) return [];
  return ((await res.json()) as { messages: (Sent & { fromMe: boolean })[] }).messages.filter((m) => m.fromMe);
};

/**
 * An agent's sends to several conversations are cut short by killing the product or by Ctrl-C; after a restart on
 * the same data every send that was answered 2xx is in its conversation once and settles: sent, or failed visibly
 * when it was being handed to the channel at the kill (it may have gone out; it is not sent twice).
 */
const stopMidSends = async (signal: 'SIGKILL' | 'SIGINT') => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-durable-out-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const first = await startProduct(env, 90_000, { detached: true });
  const chat = webchatTokenOf(first);
  const visitors = await Promise.all(Array.from({ length: VISITORS }, (_, i) => createVisitor(first.url, chat, i)));
  for (const visitor of visitors) {
    const res = await fetch(`${first.url}/api/webchat/${chat}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor.token}` },
      body: JSON.stringify({ body: 'olá' }),
    });
    expect(res.status).toBe(202);
  }
  const headers = await signIn(first.url);
  let ticketIds: number[] = [];
  for (
    const deadline = Date.now() + 30_000;
    ticketIds.length < VISITORS && Date.now() < deadline;
    await new Promise((r) => setTimeout(r, 50))
  ) {
    const res = await fetch(`${first.url}/api/tickets?status=pending&showAll=true`, { headers });
    ticketIds = ((await res.json()) as { tickets: { id: number }[] }).tickets.map((t) => t.id);
  }
  expect(ticketIds).toHaveLength(VISITORS);

  const accepted = new Map<number, string[]>(ticketIds.map((id) => [id, []]));
  const answeredAcks: number[] = [];
  const answers = newAnswers();
  const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
  // several sends of a conversation at once, so its queue group holds a backlog when the product dies
  const send = async (ticketId: number, body: string) => {
    try {
      const res = await fetch(`${first.url}/api/messages/${ticketId}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ body }),
      });
      record(answers, res);
      if (res.status !== 201) return;
      accepted.get(ticketId)!.push(body);
      answeredAcks.push(((await res.json()) as Sent).ack);
    } catch {
      // the product is gone
    }
  };
  const sending = Promise.all(
    ticketIds.map(async (ticketId) => {
      for (let i = 0; i < AGENT_MESSAGES; i += SENDS_AT_ONCE) {
        await Promise.all(Array.from({ length: SENDS_AT_ONCE }, (_, j) => send(ticketId, `resposta ${ticketId}.${i + j}`)));
      }
    }),
  );
  while ([...accepted.values()].reduce((n, a) => n + a.length, 0) < (VISITORS * AGENT_MESSAGES) / 3)
    await new Promise((r) => setTimeout(r, 5));
  process.kill(-first.child.pid!, signal);
  await sending;
  const code = await exited;
  expectCleanAnswers(answers);
  if (signal === 'SIGINT') expect(code, first.output()).toBe(0);

  const second = await startProduct(env);
  try {
    const again = await signIn(second.url);
    // a send caught mid-call waits out the queue's visibility timeout before it is settled as failed
    const deadline = Date.now() + 120_000;
    let stored = new Map<number, Sent[]>();
    for (;;) {
      stored = new Map(await Promise.all(ticketIds.map(async (id) => [id, await agentMessages(second.url, again, id)] as const)));
      const settled = ticketIds.every((id) =>
        accepted.get(id)!.every((body) => stored.get(id)!.some((m) => m.body === body && (m.ack > 0 || m.error))),
      );
      if (settled || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const id of ticketIds) {
      const mine = stored.get(id)!.filter((m) => accepted.get(id)!.includes(m.body));
      expect(
        accepted.get(id)!.filter((body) => !mine.some((m) => m.body === body)),
        `ticket ${id}: accepted but lost`,
      ).toEqual([]);
      expect(
        mine.filter((m, at) => mine.findIndex((x) => x.body === m.body) !== at),
        `ticket ${id}: stored twice`,
      ).toEqual([]);
      expect(
        mine.filter((m) => m.ack === 0 && !m.error),
        `ticket ${id}: never settled`,
      ).toEqual([]);
      // at most the one send of the conversation that was with the channel when the process died
      const failed = mine.filter((m) => m.error);
      expect(failed.length, `ticket ${id}: failed sends`).toBeLessThanOrEqual(1);
      expect(failed.every((m) => m.error === 'ERR_SENDING_WAPP_MSG')).toBe(true);
    }
    expect([...accepted.values()].flat().length).toBeGreaterThan(0);
    // each was answered once recorded and queued, before its channel was called
    expect(new Set(answeredAcks)).toEqual(new Set([0]));
  } finally {
    await second.stop('SIGTERM');
  }
};

describe('messages accepted before the product stops', () => {
  it('are all stored once after the whole process group is killed mid-burst', async () => {
    await stopMidBurst('SIGKILL');
  }, 240_000);

  it('are all stored once after Ctrl-C (SIGINT to the process group) mid-burst', async () => {
    await stopMidBurst('SIGINT');
  }, 240_000);

  it("are an agent's sends, each settled once after the whole process group is killed mid-burst", async () => {
    await stopMidSends('SIGKILL');
  }, 300_000);

  it("are an agent's sends, each answered 201 or 503 (never 500) and settled once after Ctrl-C mid-burst", async () => {
    await stopMidSends('SIGINT');
  }, 300_000);
});
