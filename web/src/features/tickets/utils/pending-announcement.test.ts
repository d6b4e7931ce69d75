import { describe, expect, it } from 'vitest';
import { makeTicket } from '../../../test-fixtures.ts';
import { isNewlyPending } from './pending-announcement.ts';
import type { ListViewer } from './ticket-filters.ts';

const agent: ListViewer = { id: 7, profile: 'user', queueIds: [3], allTicket: 'disable', allowGroup: false };
const at = (createdAt: string, updatedAt: string) => ({ createdAt, updatedAt });

describe('announcing a conversation newly waiting', () => {
  it('announces a brand-new pending ticket of one of my queues once', () => {
    const fresh = makeTicket({ status: 'pending', queueId: 3, ...at('2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.300Z') });
    expect(isNewlyPending(fresh, undefined, agent)).toBe(true);
    expect(isNewlyPending(fresh, 'pending', agent)).toBe(false);
  });

  it('does not announce a ticket that has waited for long when it gets another message', () => {
    const old = makeTicket({ status: 'pending', queueId: 3, ...at('2026-11-24T09:00:00.000Z', '2026-11-24T10:00:00.000Z') });
    expect(isNewlyPending(old, undefined, agent)).toBe(false);
  });

  it('announces a ticket returned to the queue', () => {
    const returned = makeTicket({ status: 'pending', queueId: 3, ...at('2026-11-24T09:00:00.000Z', '2026-11-24T10:00:00.000Z') });
    expect(isNewlyPending(returned, 'open', agent)).toBe(true);
  });

  it("does not announce another queue's tickets or tickets that are not waiting", () => {
    const times = at('2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.100Z');
    expect(
      isNewlyPending(
        makeTicket({ status: 'pending', queueId: 4, queue: { id: 4, name: 'Vendas', color: '#000000' }, ...times }),
        undefined,
        agent,
      ),
    ).toBe(false);
    expect(isNewlyPending(makeTicket({ status: 'open', queueId: 3, userId: 7, ...times }), undefined, agent)).toBe(false);
  });
});
