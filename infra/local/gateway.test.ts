/**
 * The gateway's part of a stop: new requests and sockets are refused with 503 at once, while the requests already
 * being answered run to their end. The functions behind it are stand-ins that answer when the test lets them.
 */
import { modules, type ModuleName } from '@switchboard/shared/routes';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGateway, type Gateway } from './gateway.ts';

/** A function whose answers wait until `release()`; `started` resolves once `count` calls are waiting. */
const heldFunction = (count: number) => {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let reached!: () => void;
  const started = new Promise<void>((r) => (reached = r));
  let calls = 0;
  const handler = async () => {
    calls += 1;
    if (calls === count) reached();
    await released;
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answered: true }) };
  };
  return { handler, started, release, calls: () => calls };
};

/** A gateway on a free loopback port whose every module answers with `held`. */
const gatewayOf = (held: ReturnType<typeof heldFunction>): Promise<Gateway> =>
  startGateway({
    port: 0,
    host: '127.0.0.1',
    modules: Object.fromEntries(modules.map((name) => [name, held.handler])) as Record<ModuleName, typeof held.handler>,
    realtime: async () => ({ statusCode: 200 }),
  });

/** The status a WebSocket upgrade is answered with, or 101 when it opened. */
const upgradeStatus = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });

let gateway: Gateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

describe('a stopping gateway', () => {
  it('answers new requests 503 with Retry-After and refuses new sockets, while the requests in flight get their answers', async () => {
    const held = heldFunction(3);
    gateway = await gatewayOf(held);
    const base = `http://127.0.0.1:${gateway.port}`;
    expect(await upgradeStatus(`ws://127.0.0.1:${gateway.port}/ws`)).toBe(101);

    const inFlight = [1, 2, 3].map(() => fetch(`${base}/api/version`));
    await held.started;
    gateway.stopIntake();
    let drained: boolean | undefined;
    const draining = gateway.drain(10_000).then((done) => (drained = done));

    const late = await fetch(`${base}/api/version`);
    expect(late.status).toBe(503);
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await late.json()).toMatchObject({ error: 'ERR_SERVICE_UNAVAILABLE' });
    expect(held.calls()).toBe(3);
    expect(await upgradeStatus(`ws://127.0.0.1:${gateway.port}/ws`)).toBe(503);
    expect(drained).toBeUndefined();

    held.release();
    const answers = await Promise.all(inFlight);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual([{ answered: true }, { answered: true }, { answered: true }]);
    await draining;
    expect(drained).toBe(true);
  });

  it('tells a drain that outlasts its bound that requests are still running', async () => {
    const held = heldFunction(1);
    gateway = await gatewayOf(held);
    const request = fetch(`http://127.0.0.1:${gateway.port}/api/version`);
    await held.started;
    gateway.stopIntake();
    expect(await gateway.drain(50)).toBe(false);
    held.release();
    expect((await request).status).toBe(200);
    expect(await gateway.drain(1_000)).toBe(true);
  });

  it('closes at once after the stop already drained, cutting off what still runs instead of waiting again', async () => {
    const held = heldFunction(1);
    gateway = await gatewayOf(held);
    const request = fetch(`http://127.0.0.1:${gateway.port}/api/version`);
    await held.started;
    gateway.stopIntake();
    expect(await gateway.drain(50)).toBe(false);

    const startedAt = performance.now();
    const closing = gateway.close();
    gateway = undefined;
    await closing;
    // the close's own drain waits up to 5 s; after the stop's drain it does not wait at all
    expect(performance.now() - startedAt).toBeLessThan(2_000);
    await expect(request).rejects.toThrow();
    held.release();
  });
});
