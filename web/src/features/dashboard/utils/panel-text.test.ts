import type { MomentTicket } from '@switchboard/shared/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { mayOpenTicket, panelColumns, panelMessage, panelName } from './panel-text.ts';

const ticket = (id: number, over: Partial<MomentTicket> = {}): MomentTicket => ({
  id,
  uuid: `u-${id}`,
  status: 'open',
  userId: 1,
  user: { id: 1, name: 'Ana' },
  contact: { id, name: `Contact ${id}`, urlPicture: null },
  lastMessage: 'hi',
  whatsapp: { name: 'Chat' },
  queue: null,
  unreadMessages: 0,
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

describe('the live panel texts', () => {
  it('cuts names over 30 characters to 25 and an ellipsis, and keeps 30', () => {
    expect(panelName('a'.repeat(30))).toBe('a'.repeat(30));
    expect(panelName('b'.repeat(31))).toBe(`${'b'.repeat(25)}...`);
  });

  it('cuts last messages over 30 characters to 27 and an ellipsis', () => {
    expect(panelMessage('c'.repeat(30))).toBe('c'.repeat(30));
    expect(panelMessage('d'.repeat(40))).toBe(`${'d'.repeat(27)}...`);
  });

  it('shows the access icon to admins and to the ticket’s own user only', () => {
    expect(mayOpenTicket({ id: 9, profile: 'admin' }, { userId: 1 })).toBe(true);
    expect(mayOpenTicket({ id: 1, profile: 'user' }, { userId: 1 })).toBe(true);
    expect(mayOpenTicket({ id: 2, profile: 'user' }, { userId: 1 })).toBe(false);
    expect(mayOpenTicket({ id: 2, profile: 'user' }, { userId: null })).toBe(false);
  });

  it('groups the running tickets by attendant, busiest first, then the waiting ones', () => {
    const columns = panelColumns(
      [
        ticket(1),
        ticket(2, { userId: 2, user: { id: 2, name: 'Bia' } }),
        ticket(3, { userId: 2, user: { id: 2, name: 'Bia' } }),
        ticket(4, { status: 'pending', userId: null, user: null }),
      ],
      [
        { id: 1, name: 'Ana', online: true },
        { id: 2, name: 'Bia', online: false },
      ],
      'Waiting',
    );
    expect(columns.map((c) => [c.name, c.tickets.map((t) => t.id)])).toEqual([
      ['Bia', [2, 3]],
      ['Ana', [1]],
      ['Waiting', [4]],
    ]);
    expect(columns[1]!.online).toBe(true);
  });
});
