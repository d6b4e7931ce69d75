import { describe, expect, it } from 'vitest';
import { makeTicket } from '../../../test-fixtures.ts';
import {
  applyToUnreadList,
  isNotifiableTicket,
  shouldNotify,
  unreadTicketCount,
  type NotifiedUser,
} from './notification-rule.ts';

const user: NotifiedUser = { id: 5, queueIds: [3], allTicket: 'disable' };
const incoming = { fromMe: false, isPrivate: false };

describe('the notification rule', () => {
  it("notifies a message on the user's own ticket in the user's queue", () => {
    expect(shouldNotify(incoming, makeTicket({ status: 'open', userId: 5 }), user, false)).toBe(true);
  });

  it("stays silent for another agent's ticket", () => {
    expect(shouldNotify(incoming, makeTicket({ status: 'open', userId: 9 }), user, false)).toBe(false);
  });

  it("stays silent outside the user's queues, and for tickets without a queue unless allTicket is enable", () => {
    expect(shouldNotify(incoming, makeTicket({ status: 'open', userId: 5, queueId: 8 }), user, false)).toBe(false);
    const noQueue = makeTicket({ status: 'open', userId: 5, queueId: null, queue: null });
    expect(shouldNotify(incoming, noQueue, user, false)).toBe(false);
    expect(shouldNotify(incoming, noQueue, { ...user, allTicket: 'enable' }, false)).toBe(true);
  });

  it('notifies pending tickets only when showNotificationPending is on', () => {
    const pending = makeTicket({ status: 'pending', userId: null });
    expect(shouldNotify(incoming, pending, user, false)).toBe(false);
    expect(shouldNotify(incoming, pending, user, true)).toBe(true);
  });

  it("never notifies the agent's own messages or private notes", () => {
    const mine = makeTicket({ status: 'open', userId: 5 });
    expect(shouldNotify({ fromMe: true, isPrivate: false }, mine, user, true)).toBe(false);
    expect(shouldNotify({ fromMe: true, isPrivate: true }, mine, user, true)).toBe(false);
  });

  it('does not count closed tickets', () => {
    expect(isNotifiableTicket(makeTicket({ status: 'closed', userId: 5 }), user, true)).toBe(false);
  });
});

describe("the bell's list", () => {
  const open = (id: number, unread: number) => makeTicket({ id, status: 'open', userId: 5, unreadMessages: unread });

  it('puts a ticket with a new unread message first, once', () => {
    const list = [open(1, 1), open(2, 3)];
    expect(applyToUnreadList(list, open(2, 4), user, false).map((t) => [t.id, t.unreadMessages])).toEqual([
      [2, 4],
      [1, 1],
    ]);
  });

  it('drops a ticket once it is read or taken by someone else', () => {
    const list = [open(1, 1), open(2, 3)];
    expect(applyToUnreadList(list, open(1, 0), user, false).map((t) => t.id)).toEqual([2]);
    expect(
      applyToUnreadList(list, makeTicket({ id: 2, status: 'open', userId: 9, unreadMessages: 3 }), user, false).map((t) => t.id),
    ).toEqual([1]);
  });

  it('counts the tickets with unread messages', () => {
    expect(unreadTicketCount([open(1, 2), open(2, 0), open(3, 1)])).toBe(2);
  });
});
