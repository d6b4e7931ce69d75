/**
 * Who gets a waiting ticket (server reference 2.10 rotation, and wallets' capacity): an online member of the
 * ticket's queue with room under their limit of open tickets (maxOpenTickets, 0 = no limit), the least loaded
 * first, then by name. The reference picks a random member, or round-robin by name; least-loaded is fairer with
 * the same inputs. Loads come from the per-user ticket counters (one batch read), not from the tickets.
 */
import type { TicketRecord } from '../modules/tickets/tickets.service.ts';
import { agentLoads } from '../modules/tickets/ticket-lists.service.ts';
import { queueMembers } from '../modules/user-records/user-lookup.service.ts';

export interface RotationPick {
  id: number;
  name: string;
}

export const pickRotationAgent = async (
  t: Pick<TicketRecord, 'companyId' | 'queueId' | 'userId'>,
): Promise<RotationPick | undefined> => {
  if (t.queueId === null) return undefined;
  const members = (await queueMembers(t.companyId, t.queueId)).filter(
    (u) => u.online && u.id !== t.userId && u.profile === 'user',
  );
  if (members.length === 0) return undefined;
  const loads = await agentLoads(
    t.companyId,
    members.map((u) => u.id),
  );
  const free = members
    .map((u) => ({ u, load: loads.get(u.id) ?? 0 }))
    .filter(({ u, load }) => !(u.maxOpenTickets ?? 0) || load < u.maxOpenTickets!)
    .sort((a, b) => a.load - b.load || a.u.name.localeCompare(b.u.name));
  const chosen = free[0]?.u;
  return chosen ? { id: chosen.id, name: chosen.name } : undefined;
};

/** Whether an agent has room for one more ticket under their limit (wallets and rotation respect it). */
export const hasCapacity = async (companyId: number, user: { id: number; maxOpenTickets?: number }): Promise<boolean> =>
  !(user.maxOpenTickets ?? 0) || ((await agentLoads(companyId, [user.id])).get(user.id) ?? 0) < user.maxOpenTickets!;
