/**
 * The scripted socket factory finds a session's sockets by company and connection: connection ids are numbered per
 * company, so two companies' first connections share an id and must not be taken for each other.
 */
import { describe, expect, it } from 'vitest';
import type { SocketRequest } from '../sessions/socket-factory.ts';
import { FakeSocketFactory } from './fake-baileys-socket.ts';

const request = (companyId: number, connectionId: number): SocketRequest =>
  ({
    companyId,
    connectionId,
    auth: { creds: {}, keys: {} },
    getMessage: async () => undefined,
    cachedGroupMetadata: async () => undefined,
  }) as unknown as SocketRequest;

describe('FakeSocketFactory', () => {
  it("finds a session's sockets by company and connection id, not another company's with the same id", async () => {
    const fakes = new FakeSocketFactory();
    fakes.factory(request(1, 1));
    const waiting = fakes.next({ companyId: 2, connectionId: 1 }, { after: 0, timeoutMs: 1000 });
    let settled = false;
    void waiting.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);

    fakes.factory(request(2, 1));
    const second = await waiting;
    expect(second).toMatchObject({ companyId: 2, connectionId: 1 });
    expect(fakes.latest({ companyId: 1, connectionId: 1 })).toMatchObject({ companyId: 1 });
    expect(fakes.of({ companyId: 2, connectionId: 1 })).toEqual([second]);
    second.end(undefined);
    expect(fakes.live({ companyId: 2, connectionId: 1 })).toEqual([]);
    expect(fakes.live({ companyId: 1, connectionId: 1 })).toHaveLength(1);
  });

  it('still accepts a bare connection id (any company), as tests with a single company use it', async () => {
    const fakes = new FakeSocketFactory();
    fakes.factory(request(7, 3));
    expect((await fakes.next(3, { after: 0 })).companyId).toBe(7);
    const next = fakes.next(3);
    fakes.factory(request(7, 3));
    expect(await next).toBe(fakes.latest(3));
    expect(fakes.of(3)).toHaveLength(2);
  });
});
