import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Channel } from '@switchboard/shared/contracts/connections';
import type { TagSummary } from '@switchboard/shared/contracts/tags';
import type { Ticket } from '@switchboard/shared/contracts/tickets';

/** Spec document 1, sections 2 and 9: the default queue colour and the group colour of a list row. */
export const DEFAULT_QUEUE_COLOR = '#7C7C7C';
export const GROUP_COLOR = '#7C7C7C';
/** At most two tags show on a row; the rest are summed up as '+N'. */
export const ROW_TAG_LIMIT = 2;

/** The colour of the row's left strip: the group colour for group tickets, else the queue's, else grey. */
export const stripColor = (ticket: Pick<Ticket, 'isGroup' | 'queue'>): string =>
  ticket.isGroup ? GROUP_COLOR : ticket.queue?.color || DEFAULT_QUEUE_COLOR;

/** The ticket's own tags followed by its contact's, each once. */
export const rowTags = (ticket: Pick<Ticket, 'tags' | 'contact'>): TagSummary[] => {
  const seen = new Set<number>();
  return [...ticket.tags, ...ticket.contact.tags].filter((tag) => (seen.has(tag.id) ? false : (seen.add(tag.id), true)));
};

/** The tags a row shows and how many more it sums up as '+N'. */
export const splitTags = <T>(tags: readonly T[], limit = ROW_TAG_LIMIT): { visible: T[]; hidden: number } => ({
  visible: tags.slice(0, limit),
  hidden: Math.max(0, tags.length - limit),
});

/** Facebook-type channels only allow answers within 24 hours of the customer's last message. */
export const hasReplyWindow = (channel: Channel): boolean => traitsOf(channel).identity === 'page-scoped';

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A row's time: the hour for today's activity, the date for older activity. */
export const rowTime = (iso: string, now: Date, locale: string): string => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return sameDay(at, now)
    ? new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at)
    : new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: '2-digit' }).format(at);
};

/** Up to two initials of a name, for avatars without a picture. */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
};

/**
 * The queue's first-response target on a waiting or open ticket nobody answered yet: minutes left (negative when
 * late), or undefined when there is no target or an agent answered.
 */
export const firstResponseLeft = (
  ticket: Pick<Ticket, 'status' | 'queue' | 'createdAt' | 'firstReplyAt' | 'firstResponseOverdueAt'>,
  now: Date,
): number | undefined => {
  const target = ticket.queue?.firstResponseMinutes ?? 0;
  if (!target || ticket.firstReplyAt || (ticket.status !== 'pending' && ticket.status !== 'open')) return undefined;
  const left = Math.ceil((Date.parse(ticket.createdAt) + target * 60_000 - now.getTime()) / 60_000);
  return ticket.firstResponseOverdueAt ? Math.min(left, 0) : left;
};
