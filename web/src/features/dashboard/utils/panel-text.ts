/** The live panel's truncation rules (spec document 2 section 9) and its access-ticket icon rule (section 6). */
import {
  PANEL_MESSAGE_KEEP,
  PANEL_MESSAGE_MAX,
  PANEL_NAME_KEEP,
  PANEL_NAME_MAX,
  type MomentTicket,
} from '@switchboard/shared/contracts/dashboard';

const cut = (text: string, max: number, keep: number) => (text.length > max ? `${text.slice(0, keep)}...` : text);

/** Names over 30 characters: the first 25, then an ellipsis. */
export const panelName = (name: string): string => cut(name, PANEL_NAME_MAX, PANEL_NAME_KEEP);
/** Last messages over 30 characters: the first 27, then an ellipsis. */
export const panelMessage = (message: string): string => cut(message, PANEL_MESSAGE_MAX, PANEL_MESSAGE_KEEP);

/** The access-ticket icon shows for admins and for the ticket's own user only. */
export const mayOpenTicket = (viewer: { id: number; profile: 'admin' | 'user' }, ticket: Pick<MomentTicket, 'userId'>): boolean =>
  viewer.profile === 'admin' || ticket.userId === viewer.id;

export interface PanelColumn {
  /** the attendant's id, or null for the tickets nobody holds (waiting in the queues) */
  userId: number | null;
  name: string;
  online: boolean;
  tickets: MomentTicket[];
}

/**
 * The panel's columns: one per attendant holding running tickets, busiest first, then the waiting tickets; an
 * attendant with none is left out (the attendants list shows who is online).
 */
export const panelColumns = (
  tickets: readonly MomentTicket[],
  attendants: readonly { id: number; name: string; online: boolean }[],
  waitingLabel: string,
): PanelColumn[] => {
  const byUser = new Map<number, MomentTicket[]>();
  const waiting: MomentTicket[] = [];
  for (const t of tickets) {
    if (t.status === 'pending' || t.userId === null) waiting.push(t);
    else byUser.set(t.userId, [...(byUser.get(t.userId) ?? []), t]);
  }
  const names = new Map(attendants.map((a) => [a.id, a]));
  const columns: PanelColumn[] = [...byUser].map(([userId, list]) => ({
    userId,
    name: names.get(userId)?.name ?? list[0]?.user?.name ?? String(userId),
    online: names.get(userId)?.online ?? false,
    tickets: list,
  }));
  columns.sort((a, b) => b.tickets.length - a.tickets.length || a.name.localeCompare(b.name));
  if (waiting.length) columns.push({ userId: null, name: waitingLabel, online: false, tickets: waiting });
  return columns;
};
