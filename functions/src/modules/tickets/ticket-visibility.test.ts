import { describe, expect, it } from 'vitest';
import { canSeeTicket, type TicketViewer, type VisibleTicket } from './ticket-visibility.service.ts';

const agent: TicketViewer = {
  userId: 7,
  profile: 'user',
  queueIds: [1],
  allTicket: 'disable',
  allowGroup: false,
  allUserChat: false,
};
const ticket = (over: Partial<VisibleTicket> = {}): VisibleTicket => ({
  status: 'pending',
  userId: null,
  queueId: 1,
  isGroup: false,
  ...over,
});

describe('canSeeTicket', () => {
  it('shows unassigned tickets of the agent queues and hides other queues', () => {
    expect(canSeeTicket(agent, ticket())).toBe(true);
    expect(canSeeTicket(agent, ticket({ queueId: 2 }))).toBe(false);
  });

  it('shows queue-less tickets only with allTicket enabled', () => {
    expect(canSeeTicket(agent, ticket({ queueId: null }))).toBe(false);
    expect(canSeeTicket({ ...agent, allTicket: 'enable' }, ticket({ queueId: null }))).toBe(true);
  });

  it("hides another agent's open ticket unless allUserChat, but always shows the agent's own", () => {
    expect(canSeeTicket(agent, ticket({ status: 'open', userId: 9 }))).toBe(false);
    expect(canSeeTicket({ ...agent, allUserChat: true }, ticket({ status: 'open', userId: 9 }))).toBe(true);
    expect(canSeeTicket(agent, ticket({ status: 'open', userId: 7, queueId: 5 }))).toBe(true);
  });

  it('needs allowGroup for group tickets', () => {
    expect(canSeeTicket(agent, ticket({ status: 'group', isGroup: true }))).toBe(false);
    expect(canSeeTicket({ ...agent, allowGroup: true }, ticket({ status: 'group', isGroup: true }))).toBe(true);
  });

  it('lets admins see every ticket', () => {
    expect(canSeeTicket({ ...agent, profile: 'admin' }, ticket({ status: 'open', userId: 9, queueId: 3 }))).toBe(true);
  });
});
