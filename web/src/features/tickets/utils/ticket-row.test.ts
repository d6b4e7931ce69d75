import type { TagSummary } from '@switchboard/shared/contracts/tags';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_COLOR, firstResponseLeft, initialsOf, rowTags, rowTime, splitTags, stripColor } from './ticket-row.ts';

const tag = (id: number): TagSummary => ({ id, name: `tag ${id}`, color: '#112233', kanban: 0 });

describe('a ticket row', () => {
  it('shows up to two tags and sums up the rest as +N', () => {
    expect(splitTags([tag(1), tag(2), tag(3), tag(4), tag(5)])).toEqual({ visible: [tag(1), tag(2)], hidden: 3 });
    expect(splitTags([tag(1), tag(2)])).toEqual({ visible: [tag(1), tag(2)], hidden: 0 });
    expect(splitTags([])).toEqual({ visible: [], hidden: 0 });
  });

  it("lists the ticket's tags and then its contact's, each once", () => {
    const ticket = { tags: [tag(1), tag(2)], contact: { tags: [tag(2), tag(3)] } } as unknown as Ticket;
    expect(rowTags(ticket).map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('paints the strip in the queue colour, grey without a queue, and the group colour for groups', () => {
    expect(stripColor({ isGroup: false, queue: { id: 1, name: 'Vendas', color: '#ff0000' } })).toBe('#ff0000');
    expect(stripColor({ isGroup: false, queue: null })).toBe('#7C7C7C');
    expect(stripColor({ isGroup: true, queue: { id: 1, name: 'Vendas', color: '#ff0000' } })).toBe(DEFAULT_QUEUE_COLOR);
  });

  it("shows the hour for today's activity and the date for older activity", () => {
    const now = new Date(2025, 4, 10, 15, 0);
    expect(rowTime(new Date(2025, 4, 10, 9, 5).toISOString(), now, 'pt-BR')).toBe('09:05');
    expect(rowTime(new Date(2025, 4, 9, 9, 5).toISOString(), now, 'pt-BR')).toBe('09/05/25');
    expect(rowTime('not a date', now, 'pt-BR')).toBe('');
  });

  it('builds initials for avatars without a picture', () => {
    expect(initialsOf('Maria da Silva')).toBe('MS');
    expect(initialsOf('Ana')).toBe('A');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe("a row's first-response target", () => {
  const base = {
    status: 'pending' as const,
    queue: { id: 1, name: 'Vendas', color: '#123456', firstResponseMinutes: 10 },
    createdAt: '2026-11-25T10:00:00.000Z',
    firstReplyAt: null,
    firstResponseOverdueAt: null,
  };
  const at = (iso: string) => new Date(iso);

  it('counts the minutes left from the first message, and the minutes late past it', () => {
    expect(firstResponseLeft(base, at('2026-11-25T10:00:00.000Z'))).toBe(10);
    expect(firstResponseLeft(base, at('2026-11-25T10:07:30.000Z'))).toBe(3);
    expect(firstResponseLeft(base, at('2026-11-25T10:13:00.000Z'))).toBe(-3);
  });

  it('is gone once an agent answered, without a target, or on other statuses', () => {
    expect(
      firstResponseLeft({ ...base, firstReplyAt: '2026-11-25T10:02:00.000Z' }, at('2026-11-25T10:05:00.000Z')),
    ).toBeUndefined();
    expect(
      firstResponseLeft({ ...base, queue: { id: 1, name: 'Vendas', color: '#123456' } }, at('2026-11-25T10:05:00.000Z')),
    ).toBeUndefined();
    expect(firstResponseLeft({ ...base, queue: null }, at('2026-11-25T10:05:00.000Z'))).toBeUndefined();
    expect(firstResponseLeft({ ...base, status: 'closed' }, at('2026-11-25T10:05:00.000Z'))).toBeUndefined();
  });

  it("reads late once the server said so, whatever this browser's clock says", () => {
    expect(
      firstResponseLeft({ ...base, firstResponseOverdueAt: '2026-11-25T10:10:00.000Z' }, at('2026-11-25T10:09:00.000Z')),
    ).toBe(0);
  });
});
