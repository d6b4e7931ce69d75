import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { resetClock, setClock } from '../clock.ts';
import type { SocketHolder } from './socket-ticket.entity.ts';
import { issueSocketTicket, redeemSocketTicket, SOCKET_TICKET_TTL_SECONDS } from './socket-tickets.ts';

const visitor: SocketHolder = {
  kind: 'visitor',
  claims: { companyId: 71, connectionId: 3, contactId: 12, visitorId: '01JVISITOR0000000000000000' },
};
const agent: SocketHolder = {
  kind: 'agent',
  claims: { companyId: 71, userId: 4, sessionId: '01JSESSION0000000000000000', profile: 'admin', super: false },
};
const at = (ms: number) => setClock({ now: () => new Date(ms) });

beforeAll(async () => {
  await useTestTable();
});
afterEach(() => resetClock());

describe('socket tickets', () => {
  it('name the agent or the visitor they were issued to, once', async () => {
    for (const holder of [agent, visitor]) {
      const { ticket, expiresIn } = await issueSocketTicket(holder);
      expect(expiresIn).toBe(SOCKET_TICKET_TTL_SECONDS);
      expect(await redeemSocketTicket(ticket)).toEqual(holder);
      expect(await redeemSocketTicket(ticket)).toBeUndefined();
    }
  });

  it('expire a minute after they are issued', async () => {
    const start = Date.UTC(2026, 4, 4, 12, 0, 0);
    at(start);
    const late = await issueSocketTicket(visitor);
    const inTime = await issueSocketTicket(visitor);
    at(start + (SOCKET_TICKET_TTL_SECONDS - 1) * 1000);
    expect(await redeemSocketTicket(inTime.ticket)).toEqual(visitor);
    at(start + SOCKET_TICKET_TTL_SECONDS * 1000);
    expect(await redeemSocketTicket(late.ticket)).toBeUndefined();
  });

  it('refuse what is not a ticket without reading the table', async () => {
    expect(await redeemSocketTicket('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBeUndefined();
    expect(await redeemSocketTicket('')).toBeUndefined();
  });
});
