import type { Message } from '@switchboard/shared/contracts/messages';

/** Consecutive messages of one side within this time read as one run (one tail on the bubble). */
export const RUN_GAP_MS = 5 * 60_000;

export type ConversationItem =
  | { kind: 'day'; key: string; day: string }
  /** the conversation runs on into another (later) ticket of the contact from here */
  | { kind: 'ticket'; key: string; ticketId: number }
  | { kind: 'message'; key: string; message: Message; startsRun: boolean; endsRun: boolean };

/** The calendar day of an instant in the viewer's time zone, as YYYY-MM-DD. */
export const localDay = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const side = (m: Message) => (m.isPrivate ? 'note' : m.fromMe ? 'agent' : 'contact');

const continues = (prev: Message | undefined, m: Message | undefined) =>
  prev !== undefined &&
  m !== undefined &&
  side(prev) === side(m) &&
  localDay(prev.createdAt) === localDay(m.createdAt) &&
  Date.parse(m.createdAt) - Date.parse(prev.createdAt) <= RUN_GAP_MS;

/**
 * The conversation as it is drawn, oldest first: a separator where the messages of a later ticket begin (the
 * history includes the contact's earlier tickets), a separator at each new day, and each message marked as the
 * first and/or last of a run of messages from the same side.
 */
export const groupMessages = (messages: readonly Message[]): ConversationItem[] => {
  const items: ConversationItem[] = [];
  let lastDay = '';
  messages.forEach((m, i) => {
    const before = messages[i - 1];
    if (before && before.ticketId !== m.ticketId)
      items.push({ kind: 'ticket', key: `ticket-${m.ticketId}`, ticketId: m.ticketId });
    const day = localDay(m.createdAt);
    if (day !== lastDay) {
      items.push({ kind: 'day', key: `day-${day}`, day });
      lastDay = day;
    }
    items.push({
      kind: 'message',
      key: m.id,
      message: m,
      startsRun: !continues(before, m) || before?.ticketId !== m.ticketId,
      endsRun: !continues(m, messages[i + 1]) || messages[i + 1]?.ticketId !== m.ticketId,
    });
  });
  return items;
};

/** 'today', 'yesterday' or the date, for a day separator. */
export const dayLabel = (day: string, now: Date): 'today' | 'yesterday' | 'date' => {
  const today = localDay(now.toISOString());
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (day === today) return 'today';
  if (day === localDay(y.toISOString())) return 'yesterday';
  return 'date';
};
