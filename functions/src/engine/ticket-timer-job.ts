/**
 * The job of the engine's timed rules (ticket-timers.ts sets the schedules): when a ticket's schedule fires, what
 * is due for it by now is done and its next moment is set. A rule whose condition ended meanwhile is not due.
 */
import { z } from 'zod';
import { clock } from '../platform/clock.ts';
import { logger } from '../platform/logger.ts';
import { registerJob } from '../modules/jobs/jobs.service.ts';
import { sendSystemText } from '../modules/messages/message-sending.service.ts';
import { applyBotChange, recordFirstResponseOverdue } from '../modules/tickets/ticket-bot.service.ts';
import { currentTicket, type TicketRecord } from '../modules/tickets/tickets.service.ts';
import { pickRotationAgent } from './rotation.ts';
import {
  arm,
  armed,
  contextOf,
  MINUTE,
  nextDue,
  TIMER_JOB,
  timerPlan,
  type TimerContext,
  type TimerRule,
} from './ticket-timers.ts';

/** The job: what is due for this ticket now is done, then its next moment is set. Runs twice harmlessly. */
export const runTicketTimer = async (companyId: number, ticketId: number): Promise<TimerRule[]> => {
  armed.forget(`${companyId}:${ticketId}`);
  const done: TimerRule[] = [];
  // each action changes the ticket; the plan is made again from the ticket as it then is (a few rounds at most)
  for (let round = 0; round < 4; round++) {
    const t = await currentTicket(companyId, ticketId);
    if (!t) return done;
    const context = await contextOf(companyId, t);
    if (!context) return done;
    const plan = timerPlan(t, context.connection, context.rotation).sort((a, b) => a.at - b.at);
    const now = clock().now().getTime();
    const due = plan.find((p) => p.at <= now && !done.includes(p.rule));
    if (!due) {
      const at = nextDue(plan.filter((p) => !done.includes(p.rule) || p.at > now));
      if (at !== undefined && at > now) await arm(companyId, ticketId, at);
      return done;
    }
    const retryAt = await act(due.rule, t, context);
    done.push(due.rule);
    if (retryAt !== undefined) {
      // nothing could be done yet (no agent free for rotation): try again then
      await arm(companyId, ticketId, retryAt);
      return done;
    }
  }
  return done;
};

/** Does what the rule says; answers a later time to try again when nothing could be done yet. */
const act = async (rule: TimerRule, t: TicketRecord, { connection, rotation }: TimerContext): Promise<number | undefined> => {
  const still = (status: TicketRecord['status']) => (cur: TicketRecord) => cur.status === status && cur.updatedAt === t.updatedAt;
  switch (rule) {
    case 'npsExpiry': {
      // 2.8: no rating in time: the completion message, and the ticket closes
      const closed = await applyBotChange(t, { close: { log: 'autoClose' }, fields: { npsAsks: 0 }, onlyIf: still('nps') });
      if (closed !== t) await sendSystemText(closed, connection.complationMessage, 'Bot', null);
      return;
    }
    case 'redirect':
      // 2.11: a ticket nobody routed goes to the connection's redirect queue
      await applyBotChange(t, {
        queueId: connection.sendIdQueue ?? null,
        log: 'redirect',
        onlyIf: (cur) => still('pending')(cur) && cur.queueId === null,
      });
      return;
    case 'inactive': {
      const sent = await sendSystemText(t, connection.inactiveMessage ?? '', 'Bot', null);
      if (sent) await applyBotChange(t, { fields: { inactiveSentAt: sent.createdAt } });
      return;
    }
    case 'expire': {
      // the closing text goes first, so the customer reads why; the close names the last state it was armed for
      const text = connection.expiresInactiveMessage?.trim();
      const current = text ? await sendSystemText(t, text, 'Bot', null).then(() => currentTicket(t.companyId, t.id)) : t;
      if (!current || current.status !== 'open') return;
      await applyBotChange(current, {
        close: { log: 'autoClose' },
        onlyIf: (cur) => cur.status === 'open' && cur.updatedAt === current.updatedAt,
      });
      return;
    }
    case 'returnToQueue':
      await applyBotChange(t, { status: 'pending', log: 'autoReturnQueue', onlyIf: still('open') });
      return;
    case 'rotation': {
      const agent = await pickRotationAgent(t);
      if (!agent) return clock().now().getTime() + (rotation?.minutes ?? 2) * MINUTE;
      await applyBotChange(t, {
        userId: agent.id,
        log: 'rotation',
        onlyIf: (cur) => still('pending')(cur) && cur.userId === t.userId,
      });
      return;
    }
    case 'firstResponse': {
      // the agents' rows turn late, and listeners hear of it
      const late = await applyBotChange(t, {
        fields: { firstResponseOverdueAt: clock().now().toISOString() },
        announce: true,
        onlyIf: (cur) => !cur.firstReplyAt && !cur.firstResponseOverdueAt,
      });
      if (late !== t) await recordFirstResponseOverdue(late);
      return;
    }
  }
  return undefined;
};

export const registerEngineJobs = (): void => {
  registerJob(
    TIMER_JOB,
    z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() }),
    async (job) => {
      const done = await runTicketTimer(job.companyId, job.ticketId);
      if (done.length) logger.info('ticket timer', { companyId: job.companyId, ticketId: job.ticketId, done });
    },
  );
};
