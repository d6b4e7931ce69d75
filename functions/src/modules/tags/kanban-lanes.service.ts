/**
 * The kanban lane automation (spec document 2, Tag data model; server reference 1.2 step 8 and 3.3), for companies
 * whose plan has useKanban:
 * - a ticket that enters a lane with timeLane (hours) and nextLaneId moves to the next lane when it is still there
 *   timeLane hours later, and the next lane's greetingMessageLane is sent to the customer;
 * - a customer's message while the ticket stands in a lane with rollbackLaneId sends it back to that lane, unless the
 *   text is the greeting of the next or of the rollback lane (the customer echoing our own words).
 * Where each ticket stands is recorded as it changes (lane position items), which also counts the tickets per lane.
 */
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import type { DomainEvent } from '@switchboard/shared/events';
import { z } from 'zod';
import { clock } from '../../platform/clock.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { cancelScheduledJob, registerJob, scheduleJob } from '../jobs/jobs.service.ts';
import { sendSystemText } from '../messages/message-sending.service.ts';
import { findPlan } from '../plans/plans.service.ts';
import { moveTicketToLane } from '../tickets/ticket-lanes.service.ts';
import { currentTicket } from '../tickets/tickets.service.ts';
import { getLanePosition, moveLanePosition } from './tags.repository.ts';
import { getTagRecord, toSummary } from '../tag-records/tag-records.service.ts';

const HOUR_MS = 3_600_000;
export const LANE_TIMEOUT_JOB = 'kanban.lane-timeout';

/** One timer per ticket: entering another lane replaces it. */
export const laneTimerName = (companyId: number, ticketId: number): string => `kanban-lane-c${companyId}-t${ticketId}`;

const usesKanban = async (companyId: number): Promise<boolean> => {
  const company = await findCompany(companyId);
  if (!company) return false;
  try {
    return (await findPlan(company.planId)).useKanban === true;
  } catch {
    return false;
  }
};

const laneOf = (tags: Ticket['tags']): number | null => tags.find((t) => t.kanban === 1)?.id ?? null;

/**
 * A ticket changed (or was deleted): when the lane it stands in now differs from the recorded one, the move is
 * recorded (and counted) and the new lane's timer armed. The ticket is read again rather than taken from the event,
 * so events handled out of order still leave the position the ticket really has.
 */
export const trackTicketLane = async (companyId: number, ticketId: number): Promise<void> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [ticket, position] = await Promise.all([currentTicket(companyId, ticketId), getLanePosition(companyId, ticketId)]);
    const lane = ticket ? laneOf(ticket.tags) : null;
    const from = position?.tagId ?? null;
    if (from === lane) return;
    const enteredAt = clock().now();
    if (!(await moveLanePosition(companyId, ticketId, from, lane, enteredAt.toISOString()))) continue;
    const tag = lane === null ? undefined : await getTagRecord(companyId, lane);
    const hours = tag?.timeLane ?? 0;
    if (tag && hours > 0 && tag.nextLaneId && (await usesKanban(companyId))) {
      await scheduleJob(laneTimerName(companyId, ticketId), new Date(enteredAt.getTime() + hours * HOUR_MS), {
        type: LANE_TIMEOUT_JOB,
        companyId,
        ticketId,
        tagId: tag.id,
      });
    } else if (from !== null) {
      await cancelScheduledJob(laneTimerName(companyId, ticketId));
    }
    return;
  }
};

/**
 * The timer of a lane ran out: a ticket still in that lane (and there for timeLane hours) moves to the next lane and
 * the customer receives that lane's greeting, signed by the assigned agent when there is one. A repeated delivery
 * finds the ticket moved and does nothing.
 */
export const runLaneTimeout = async (job: { companyId: number; ticketId: number; tagId: number }): Promise<void> => {
  const { companyId, ticketId, tagId } = job;
  if (!(await usesKanban(companyId))) return;
  const [lane, position] = await Promise.all([getTagRecord(companyId, tagId), getLanePosition(companyId, ticketId)]);
  if (!lane || lane.kanban !== 1 || !lane.nextLaneId || !lane.timeLane || position?.tagId !== tagId) return;
  if (clock().now().getTime() < Date.parse(position.enteredAt) + lane.timeLane * HOUR_MS) return;
  const next = await getTagRecord(companyId, lane.nextLaneId);
  if (!next || next.kanban !== 1) return;
  const moved = await moveTicketToLane(companyId, ticketId, toSummary(next), tagId);
  if (!moved) return;
  await trackTicketLane(companyId, ticketId);
  const greeting = next.greetingMessageLane?.trim();
  if (greeting && moved.status !== 'closed') {
    const text = moved.user ? `*${moved.user.name}:*\n${greeting}` : greeting;
    await sendSystemText(moved, text, moved.user?.name ?? '', moved.userId);
  }
};

/** A customer wrote while the ticket stands in a lane with a rollback lane: back it goes (see the file's comment). */
export const rollbackOnCustomerMessage = async (event: DomainEvent<'message.received'>): Promise<void> => {
  const laneId = laneOf(event.ticket.tags);
  if (laneId === null) return;
  const lane = await getTagRecord(event.companyId, laneId);
  if (!lane?.rollbackLaneId || lane.kanban !== 1) return;
  if (!(await usesKanban(event.companyId))) return;
  const [rollback, next] = await Promise.all([
    getTagRecord(event.companyId, lane.rollbackLaneId),
    lane.nextLaneId ? getTagRecord(event.companyId, lane.nextLaneId) : Promise.resolve(undefined),
  ]);
  if (!rollback || rollback.kanban !== 1) return;
  const text = event.message.body.trim();
  const greetings = [next?.greetingMessageLane, rollback.greetingMessageLane].map((g) => (g ?? '').trim()).filter(Boolean);
  if (greetings.includes(text)) return;
  if (await moveTicketToLane(event.companyId, event.ticket.id, toSummary(rollback), laneId))
    await trackTicketLane(event.companyId, event.ticket.id);
};

export const registerKanbanJobs = (): void => {
  registerJob(
    LANE_TIMEOUT_JOB,
    z.object({
      companyId: z.number().int().positive(),
      ticketId: z.number().int().positive(),
      tagId: z.number().int().positive(),
    }),
    async (job) => runLaneTimeout(job),
  );
};
