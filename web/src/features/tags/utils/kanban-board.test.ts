import type { Ticket } from '@switchboard/shared/contracts/tickets';
import type { KanbanLane } from '@switchboard/shared/contracts/tags';
import { describe, expect, it } from 'vitest';
import { buildBoard, laneOfTicket, localDay, shortText } from './kanban-board.ts';

const lane = (id: number, name: string): KanbanLane => ({
  id,
  name,
  color: '#123456',
  kanban: 1,
  timeLane: 0,
  nextLaneId: null,
  rollbackLaneId: null,
  greetingMessageLane: '',
  userId: null,
  ticketCount: 0,
});
const ticket = (id: number, tags: { id: number; kanban: number }[], updatedAt: string) =>
  ({ id, tags: tags.map((t) => ({ ...t, name: `T${t.id}`, color: '#000000' })), updatedAt }) as unknown as Ticket;

describe('the kanban board', () => {
  it('has a default lane first and one lane per kanban tag, each ticket in the lane of its kanban tag', () => {
    const board = buildBoard(
      [lane(3, 'Proposta'), lane(5, 'Fechamento')],
      [
        ticket(1, [], '2026-01-01T10:00:00Z'),
        ticket(2, [{ id: 5, kanban: 1 }], '2026-01-01T11:00:00Z'),
        ticket(
          3,
          [
            { id: 9, kanban: 0 },
            { id: 3, kanban: 1 },
          ],
          '2026-01-01T12:00:00Z',
        ),
        ticket(4, [{ id: 5, kanban: 1 }], '2026-01-01T13:00:00Z'),
      ],
      'Em aberto',
    );
    expect(board.map((l) => [l.id, l.name, l.tickets.map((t) => t.id)])).toEqual([
      [null, 'Em aberto', [1]],
      [3, 'Proposta', [3]],
      [5, 'Fechamento', [4, 2]],
    ]);
  });

  it('puts a ticket whose lane is gone in the default lane', () => {
    expect(laneOfTicket(ticket(1, [{ id: 7, kanban: 1 }], ''), new Set([3]))).toBeNull();
  });

  it('starts on the browser’s today and keeps card texts short', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(shortText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(shortText('short')).toBe('short');
  });
});
