import type { Ticket } from '@switchboard/shared/contracts/tickets';
import type { KanbanLane } from '@switchboard/shared/contracts/tags';

/** A board column: the default lane (id null, tickets in no lane) or a kanban tag. */
export interface BoardLane {
  id: number | null;
  name: string;
  color: string | null;
  tickets: Ticket[];
}

/** The lane a ticket stands in: its first kanban tag that is a lane of the board, else the default lane. */
export const laneOfTicket = (ticket: Pick<Ticket, 'tags'>, laneIds: ReadonlySet<number>): number | null =>
  ticket.tags.find((t) => t.kanban === 1 && laneIds.has(t.id))?.id ?? null;

/** Spec document 2: a default lane plus one per kanban tag, each holding its tickets newest first. */
export const buildBoard = (lanes: readonly KanbanLane[], tickets: readonly Ticket[], defaultName: string): BoardLane[] => {
  const ids = new Set(lanes.map((l) => l.id));
  const board: BoardLane[] = [
    { id: null, name: defaultName, color: null, tickets: [] },
    ...lanes.map((l) => ({ id: l.id, name: l.name, color: l.color, tickets: [] as Ticket[] })),
  ];
  const byId = new Map(board.map((l) => [l.id, l]));
  const seen = new Set<number>();
  for (const ticket of [...tickets].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))) {
    if (seen.has(ticket.id)) continue;
    seen.add(ticket.id);
    byId.get(laneOfTicket(ticket, ids))!.tickets.push(ticket);
  }
  return board;
};

/** Today in the browser's calendar, as YYYY-MM-DD (the board's default range, spec document 2 section 9). */
export const localDay = (now: Date): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** A card's last message on one short line. */
export const shortText = (text: string, max = 80): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
