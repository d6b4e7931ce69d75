/**
 * Tickets as the kanban lanes see them (spec document 2 "Tags and kanban lanes"; server reference 3.3 and 3.4): the
 * board's page of waiting and open tickets by date range, moving a ticket between lanes when nobody is signed in
 * (the lane automation), and a changed or deleted tag's copies on tickets. The tags module calls these; the rules
 * of who sees a ticket and how a ticket is written stay here.
 */
import { type TagSummary } from '@switchboard/shared/contracts/tags';
import { ticketStatuses, type Ticket, type TicketStatus } from '@switchboard/shared/contracts/tickets';
import type { AuthContext } from '../../platform/http/types.ts';
import { decodeCursor, encodeCursor } from '../../platform/table/cursor.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { maskNumber } from '../contacts/contact-privacy.service.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { canSeeTicket, viewerOfAuth } from './ticket-visibility.service.ts';
import type { TicketRecord } from './ticket.entity.ts';
import { queryTicketIndex, queryTicketIndexBetween, type TicketIndex } from './ticket-lists.repository.ts';
import { changeTicket, presentTicket, recordTicketChange } from './tickets.service.ts';

interface BoardDimension {
  key: string;
  index: TicketIndex;
  partition: string;
}

type BoardCursor = Record<string, Record<string, string> | null>;
const isBoardCursor = (v: unknown): v is BoardCursor =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => x === null || (typeof x === 'object' && !Array.isArray(x)));

/**
 * The partitions the board reads for the caller (server reference 3.4, kanban list): admins every waiting and open
 * ticket; others their own, the waiting ones of their queues (queue-less ones with allTicket) and, when they may see
 * colleagues' tickets, the open ones of their queues. The visibility rule filters what is read.
 */
const boardDimensions = (auth: AuthContext): BoardDimension[] => {
  const c = auth.companyId;
  const viewer = viewerOfAuth(auth);
  const statuses: TicketStatus[] = ['open', 'pending'];
  if (viewer.profile === 'admin') return statuses.map((s) => ({ key: `S.${s}`, index: 'gsi1', partition: `C#${c}#TS#${s}` }));
  const queues = [...viewer.queueIds, ...(viewer.allTicket === 'enable' ? [0] : [])];
  const byQueue = (s: TicketStatus) =>
    queues.map((q): BoardDimension => ({ key: `Q.${q}.${s}`, index: 'gsi2', partition: `C#${c}#TQ#${q}#${s}` }));
  return [
    ...statuses.map((s): BoardDimension => ({ key: `U.${s}`, index: 'gsi3', partition: `C#${c}#TU#${auth.userId}#${s}` })),
    ...byQueue('pending'),
    ...(viewer.allUserChat ? byQueue('open') : []),
  ];
};

/**
 * One page of the board: each partition is read newest first with its sort key inside the range (at most `limit`
 * tickets each), so a page costs what it returns whatever the company holds; the cursor keeps where each stopped.
 */
export const kanbanTicketPage = async (
  auth: AuthContext,
  q: { from: string; to: string; limit: number; cursor?: string; queueIds?: number[] },
): Promise<{ tickets: Ticket[]; hasMore: boolean; nextCursor: string | null }> => {
  // the partitions read are the caller's (their user and queues), so a cursor is the caller's own
  const scope = {
    list: 'tickets.kanban',
    companyId: auth.companyId,
    filters: { userId: auth.userId, from: q.from, to: q.to, queueIds: q.queueIds },
  };
  const cursor = (await decodeCursor(q.cursor, scope, isBoardCursor)) ?? {};
  const dims = boardDimensions(auth).filter((d) => cursor[d.key] !== null);
  const pages = await Promise.all(
    dims.map(async (d) => {
      const start = cursor[d.key];
      return {
        d,
        page: await queryTicketIndexBetween(
          d.index,
          d.partition,
          { from: q.from, to: q.to },
          { limit: q.limit, startKey: start ?? undefined },
        ),
      };
    }),
  );
  const next: BoardCursor = { ...cursor };
  for (const { d, page } of pages) next[d.key] = page.lastKey ?? null;
  const viewer = viewerOfAuth(auth);
  const selected = q.queueIds?.length ? new Set(q.queueIds) : undefined;
  const byId = new Map<number, TicketRecord>();
  for (const { page } of pages) for (const t of page.items) byId.set(t.id, t);
  const tickets = [...byId.values()]
    .filter((t) => canSeeTicket(viewer, t))
    .filter((t) => !selected || t.queueId === null || selected.has(t.queueId))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  const hasMore = Object.values(next).some((v) => v !== null);
  return {
    tickets: tickets.map((t) => presentTicket(auth, t)),
    hasMore,
    nextCursor: hasMore ? await encodeCursor(next, scope) : null,
  };
};

const privacyOf = async (companyId: number) => ({
  settings: (await findCompany(companyId))?.settings as Record<string, string> | undefined,
  maskNumber,
});

/**
 * Puts the ticket in the lane `target` (its other kanban tags are removed; null: in no lane), when nobody is signed
 * in. With `onlyFrom`, only a ticket still in that lane moves. Answers the ticket after the move, undefined when
 * nothing changed.
 */
export const moveTicketToLane = async (
  companyId: number,
  ticketId: number,
  target: TagSummary | null,
  onlyFrom?: number,
): Promise<TicketRecord | undefined> => {
  const changed = await changeTicket(companyId, ticketId, (t) => {
    if (onlyFrom !== undefined && !t.tags.some((x) => x.id === onlyFrom && x.kanban === 1)) return undefined;
    const kept = t.tags.filter((x) => x.kanban !== 1);
    const tags = target ? [...kept, target] : kept;
    if (JSON.stringify(tags) === JSON.stringify(t.tags)) return undefined;
    return { after: { ...t, tags, tagIds: tags.map((x) => x.id) } };
  });
  if (!changed) return undefined;
  await recordTicketChange(changed.after, await getContact(companyId, changed.after.contactId), await privacyOf(companyId));
  return changed.after;
};

/** Where the walk over a company's tickets stopped: the status partition and the key in it. */
export interface TagWalkCursor {
  status: number;
  key?: Record<string, string>;
}

const walkedStatuses: string[] = [...ticketStatuses, 'closed~old'];
const WALK_PAGE = 100;

/**
 * One step of bringing every ticket's copy of a tag in line with the tag (`tag` null: the tag was deleted, the copy
 * goes): reads at most one page of one status partition, filtered to tickets carrying the tag. Answers where to go
 * on, or null when every ticket was seen. Run by a job, page after page, never inside a request.
 */
export const refreshTagOnTickets = async (
  companyId: number,
  tagId: number,
  tag: TagSummary | null,
  from: TagWalkCursor,
): Promise<TagWalkCursor | null> => {
  const status = walkedStatuses[from.status];
  if (status === undefined) return null;
  const page = await queryTicketIndex('gsi1', `C#${companyId}#TS#${status}`, {
    limit: WALK_PAGE,
    forward: true,
    startKey: from.key,
    filter: { expression: 'contains(tagIds, :tag)', values: { ':tag': tagId } },
  });
  const privacy = page.items.length ? await privacyOf(companyId) : undefined;
  for (const found of page.items) {
    const changed = await changeTicket(
      companyId,
      found.id,
      (t) => {
        const current = t.tags.find((x) => x.id === tagId);
        if (!current) return undefined;
        if (tag && JSON.stringify(current) === JSON.stringify(tag)) return undefined;
        const tags = tag ? t.tags.map((x) => (x.id === tagId ? tag : x)) : t.tags.filter((x) => x.id !== tagId);
        return { after: { ...t, tags, tagIds: tags.map((x) => x.id) } };
      },
      found,
    );
    if (changed && changed.after.status !== 'closed') {
      await recordTicketChange(changed.after, await getContact(companyId, changed.after.contactId), privacy);
    }
  }
  if (page.lastKey) return { status: from.status, key: page.lastKey };
  return from.status + 1 < walkedStatuses.length ? { status: from.status + 1 } : null;
};
