/**
 * Nothing accepted is lost: a burst of web chat messages is cut short by killing the whole product (its
 * process group, DynamoDB Local included) or by Ctrl-C's SIGINT to the group; after a restart on the same data
 * every message that was answered 2xx is in the conversation exactly once.
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
const burst = (url: string, chat: string, visitors: Visitor[], run: string) =>
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
  const exited = new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
  const sending = burst(first.url, chat, visitors, signal);
  // cut in once a good part of the burst was accepted, while requests and queue batches are in flight
  while (visitors.reduce((n, v) => n + v.accepted.length, 0) < (VISITORS * MESSAGES_PER_VISITOR) / 3) {
    await new Promise((r) => setTimeout(r, 5));
  }
  process.kill(-first.child.pid!, signal);
  await sending;
  await exited;

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

describe('messages accepted before the product stops', () => {
  it('are all stored once after the whole process group is killed mid-burst', async () => {
    await stopMidBurst('SIGKILL');
  }, 240_000);

  it('are all stored once after Ctrl-C (SIGINT to the process group) mid-burst', async () => {
    await stopMidBurst('SIGINT');
  }, 240_000);
});
