import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { resetClock, setClock } from '../../platform/clock.ts';
import { issueVisitorTicket, redeemVisitorTicket, VISITOR_TICKET_TTL_SECONDS } from './visitor-tickets.service.ts';

const visitor = { companyId: 71, connectionId: 3, contactId: 12, visitorId: '01JVISITOR0000000000000000' };
const at = (ms: number) => setClock({ now: () => new Date(ms) });

beforeAll(async () => {
  await useTestTable();
});
afterEach(() => resetClock());

describe("web chat visitors' socket tickets", () => {
  it('name the visitor they were issued to, once', async () => {
    const { ticket, expiresIn } = await issueVisitorTicket(visitor);
    expect(expiresIn).toBe(VISITOR_TICKET_TTL_SECONDS);
    expect(await redeemVisitorTicket(ticket)).toEqual(visitor);
    expect(await redeemVisitorTicket(ticket)).toBeUndefined();
  });

  it('expire a minute after they are issued', async () => {
    const start = Date.UTC(2026, 4, 4, 12, 0, 0);
    at(start);
    const late = await issueVisitorTicket(visitor);
    const inTime = await issueVisitorTicket(visitor);
    at(start + (VISITOR_TICKET_TTL_SECONDS - 1) * 1000);
    expect(await redeemVisitorTicket(inTime.ticket)).toEqual(visitor);
    at(start + VISITOR_TICKET_TTL_SECONDS * 1000);
    expect(await redeemVisitorTicket(late.ticket)).toBeUndefined();
  });

  it('refuse what is not a ticket without reading the table', async () => {
    expect(await redeemVisitorTicket('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBeUndefined();
    expect(await redeemVisitorTicket('')).toBeUndefined();
  });
});
