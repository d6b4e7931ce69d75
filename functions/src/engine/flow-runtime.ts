/**
 * The flow runtime (server reference 5.2 to 5.4): a running flow is state on the ticket (`flow`: the flow, what it
 * waits for, its variables, a step number). The conversation engine hands each customer message to `takeFlowTurn`
 * at step 15 of reference 1.2; the walk itself is the shared, pure walker (shared/src/flows/run.ts), and this file
 * keeps its place and does what it says: texts and files go out through the engine's send path, a ticket node hands
 * the conversation to a queue, an interval is a delayed job (never a sleeping process).
 *
 * Exactly once: each step is claimed by a write of the ticket conditioned on the step it read (and, for a reply,
 * on the message not being the one answered last) before anything is sent. A redelivered message or interval job
 * finds the step taken and sends nothing.
 *
 * When flows start (reference 5.4, the older variant's rule for the welcome flow): on a ticket's first customer
 * message, while it is pending without an agent, the connection's welcome flow for a contact with no earlier
 * ticket on the connection, else its not-phrase flow. A switched-off or deleted flow does not start.
 *
 * Phrase campaigns come first (this fork's rule 1): on any customer message of a ticket that is pending, without an
 * agent, with no flow running and no queue chosen yet (none, or the connection's only queue it was created in), the
 * company's active campaigns listening on the connection are matched against the message, lowest campaign id first;
 * the first whose flow can run starts it from its first node, whether the ticket is the contact's first or not. The
 * welcome and not-phrase flows run only when no campaign matched, on the ticket's first message. A running flow
 * keeps the message (a menu answer is never taken for a phrase). A redelivered message starts nothing again: the
 * ticket keeps the last message a flow took (`flowMessage`), and the start is claimed against it.
 */
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Message } from '@switchboard/shared/contracts/messages';
import { mimeTypeOfName } from '@switchboard/shared/media-types';
import {
  answerFlow,
  beginFlow,
  flowMediaFileName,
  flowStartVariables,
  resumeFlow,
  type FlowOutcome,
  type FlowWait,
} from '@switchboard/shared/flows/run';
import { z } from 'zod';
import { clock, randomNumber } from '../platform/clock.ts';
import { logger } from '../platform/logger.ts';
import type { ConnectionRecord } from '../modules/connections/connection.entity.ts';
import { runnableFlow, type RunnableFlow } from '../modules/flows/flows.service.ts';
import { matchingFlowCampaigns } from '../modules/flow-campaigns/flow-campaigns.service.ts';
import { flowMediaKey } from '../modules/flows/flow.entity.ts';
import { enqueueJob, registerJob } from '../modules/jobs/jobs.service.ts';
import { sendSystemFile, sendSystemText } from '../modules/messages/message-sending.service.ts';
import { queueWithOptions } from '../modules/queues/queues.service.ts';
import { applyBotChange } from '../modules/tickets/ticket-bot.service.ts';
import type { TicketFlowState } from '../modules/tickets/ticket.entity.ts';
import { changeTicket, currentTicket, type TicketRecord } from '../modules/tickets/tickets.service.ts';
import type { MessageTaker } from './engine-turn.ts';
import { unrouted } from './routing-stage.ts';

export const FLOW_INTERVAL_JOB = 'engine.flow-interval';
const BOT = 'Bot';

const now = () => clock().now().toISOString();

/**
 * Whether the flow already took this message: it is the one answered last, or older than it (messages of a
 * conversation arrive in order, so an older one is a redelivery).
 */
const answeredBefore = (state: Pick<TicketFlowState, 'messageId' | 'messageAt'>, m: Answered): boolean =>
  state.messageId === m.id || (state.messageAt !== null && m.at < state.messageAt);

/** A flow state left from before the ticket closed, or whose ticket an agent took, is over. */
const stale = (t: TicketRecord, state: TicketFlowState): boolean =>
  t.status !== 'pending' || t.userId !== null || (t.closedAt !== null && t.closedAt > state.updatedAt);

type Answered = { id: string; at: string };
const answeredOf = (m: Message): Answered => ({ id: m.id, at: m.createdAt });
type Claim =
  | { kind: 'start'; message: Answered }
  | { kind: 'campaign'; message: Answered }
  | { kind: 'step'; step: number; message: Answered | null };

/**
 * Writes the ticket's flow position after `outcome`, if the step read is still the current one; answers the ticket
 * after it, or undefined when another delivery took the step (nothing is to be sent then).
 */
const claim = async (t: TicketRecord, how: Claim, outcome: FlowOutcome, flowId: number): Promise<TicketRecord | undefined> => {
  const changed = await changeTicket(t.companyId, t.id, (cur) => {
    if (cur.status === 'closed') return undefined;
    if (how.kind === 'start' && (cur.flowEntryAt || cur.flow)) return undefined;
    if (how.kind === 'campaign' && (cur.flow || (cur.flowMessage && answeredBefore(cur.flowMessage, how.message))))
      return undefined;
    if (how.kind === 'step') {
      if (!cur.flow || cur.flow.step !== how.step) return undefined;
      if (how.message && answeredBefore(cur.flow, how.message)) return undefined;
    }
    const step = how.kind === 'step' ? how.step + 1 : 1;
    // an interval's end answers no message: the last one answered stays the one a redelivery is compared with
    const answered = how.message ?? (cur.flow ? { id: cur.flow.messageId, at: cur.flow.messageAt } : { id: null, at: null });
    const flow: TicketFlowState | null = outcome.wait
      ? {
          flowId,
          wait: outcome.wait,
          variables: outcome.variables,
          step,
          messageId: answered.id,
          messageAt: answered.at,
          updatedAt: now(),
        }
      : null;
    const entry = how.kind === 'step' ? {} : { flowEntryAt: cur.flowEntryAt ?? now() };
    const took = how.message ? { flowMessage: { messageId: how.message.id, messageAt: how.message.at } } : {};
    return { after: { ...cur, flow, ...entry, ...took }, conversation: 'keep' };
  });
  return changed?.after;
};

/** Marks the ticket's first message as looked at, so no flow starts later in it (none was to start now). */
const markEntry = async (t: TicketRecord): Promise<void> => {
  await changeTicket(t.companyId, t.id, (cur) =>
    cur.flowEntryAt ? undefined : { after: { ...cur, flowEntryAt: now() }, conversation: 'keep' },
  );
};

const stop = async (t: TicketRecord): Promise<void> => {
  await changeTicket(t.companyId, t.id, (cur) =>
    cur.flow ? { after: { ...cur, flow: null }, conversation: 'keep' } : undefined,
  );
};

/** Does what a claimed step said, in order. */
const perform = async (t: TicketRecord, outcome: FlowOutcome, step: number): Promise<void> => {
  let ticket = t;
  for (const action of outcome.actions) {
    if (action.kind === 'text') await sendSystemText(ticket, action.body, BOT, null);
    else if (action.kind === 'media') {
      const mimeType = mimeTypeOfName(action.name);
      if (!mimeType) continue;
      await sendSystemFile(ticket, { key: flowMediaKey(t.companyId, action.name), name: flowMediaFileName(action), mimeType });
    } else {
      // a ticket node: the queue takes the conversation (its greeting, then the engine's queue rules)
      const found = await queueWithOptions(t.companyId, action.queueId);
      if (!found) continue;
      ticket = await applyBotChange(ticket, {
        queueId: found.queue.id,
        amountUsedBotQueues: 0,
        bot: { stage: null, outOfHour: false, menuAt: now() },
      });
      if (found.queue.greetingMessage.trim()) await sendSystemText(ticket, found.queue.greetingMessage, BOT, null);
    }
  }
  if (outcome.end === 'close') await applyBotChange(ticket, { close: true });
  if (outcome.wait?.kind === 'interval') {
    await enqueueJob(
      { type: FLOW_INTERVAL_JOB, companyId: t.companyId, ticketId: t.id, step },
      { delaySeconds: outcome.wait.seconds },
    );
  }
};

/** Starts `flow` from its first node on the customer's message, unless another delivery claimed the start first. */
const start = async (
  t: TicketRecord,
  flow: RunnableFlow,
  kind: 'start' | 'campaign',
  message: Message,
  contact: Contact | undefined,
): Promise<void> => {
  const outcome = beginFlow(flow.graph, flowStartVariables(contact, message.body), { random: randomNumber });
  const after = await claim(t, { kind, message: answeredOf(message) }, outcome, flow.id);
  if (after) await perform(after, outcome, 1);
};

/** The connection's flow for this ticket's first message, if one is to start (reference 5.4). */
const entryFlowId = (t: TicketRecord, connection: ConnectionRecord): number | null => {
  const returning = Boolean(t.previousTicketId);
  if (!returning && connection.flowIdWelcome) return connection.flowIdWelcome;
  return connection.flowIdNotPhrase ?? null;
};

/**
 * A phrase campaign's flow for this message (reference 5.4, rule 1): answers whether one matched and took the
 * message (started it, or another delivery had).
 */
const startCampaignFlow: MessageTaker = async (t, connection, message, contact) => {
  if (!unrouted(t, connection)) return false;
  if (t.flowMessage && answeredBefore(t.flowMessage, answeredOf(message))) return false;
  for (const campaign of await matchingFlowCampaigns(t.companyId, connection.id, message.body)) {
    const flow = await runnableFlow(t.companyId, campaign.flowId);
    if (!flow || !flow.active) continue;
    await start(t, flow, 'campaign', message, contact);
    return true;
  }
  return false;
};

/**
 * Step 15 of the engine: a running flow takes the customer's message, or the connection's flow starts on the
 * ticket's first one. Answers whether the flow took the message (the engine then does nothing else with it).
 */
export const takeFlowTurn: MessageTaker = async (t, connection, message, contact) => {
  if (t.isGroup || contact?.disableBot) return false;
  const state = t.flow;
  if (state) {
    if (stale(t, state)) {
      await stop(t);
      return false;
    }
    // a redelivery of the message the flow answered last; while an interval runs, messages wait with it
    if (answeredBefore(state, answeredOf(message)) || state.wait.kind === 'interval') return true;
    const flow = await runnableFlow(t.companyId, state.flowId);
    if (!flow) {
      await stop(t);
      return false;
    }
    const outcome = answerFlow(flow.graph, state.wait, state.variables, message.body, { random: randomNumber });
    const after = await claim(t, { kind: 'step', step: state.step, message: answeredOf(message) }, outcome, state.flowId);
    if (after) await perform(after, outcome, state.step + 1);
    return true;
  }
  if (t.status !== 'pending' || t.userId !== null) return false;
  const campaign = await startCampaignFlow(t, connection, message, contact);
  if (campaign) return true;
  // a connection's only queue is the ticket's from its creation: the flow starts before that queue's rules
  if (t.flowEntryAt) return false;
  const flowId = entryFlowId(t, connection);
  if (!flowId) return false;
  const flow = await runnableFlow(t.companyId, flowId);
  if (!flow || !flow.active) {
    await markEntry(t);
    return false;
  }
  await start(t, flow, 'start', message, contact);
  return true;
};

/** The connection's standard flow, which a flowbuilder integration starts. */
const standardFlowId = (connection: ConnectionRecord): number | null =>
  connection.flowIdNotPhrase ?? connection.flowIdWelcome ?? null;

/**
 * A flowbuilder integration (engine/integration-runtime.ts) starts the connection's standard flow now, on any message
 * of a pending ticket without an agent or a running flow, claimed as a phrase campaign's start is (a redelivery starts
 * nothing again). Answers whether the flow took the message.
 */
export const startStandardFlowNow: MessageTaker = async (t, connection, message, contact) => {
  const flowId = standardFlowId(connection);
  if (flowId === null || t.status !== 'pending' || t.userId !== null || t.flow) return false;
  const flow = await runnableFlow(t.companyId, flowId);
  if (!flow || !flow.active) return false;
  await start(t, flow, 'campaign', message, contact);
  return true;
};

/** An interval ended: the walk goes on, unless the step it was armed for is no longer the ticket's. */
export const resumeFlowAfterInterval = async (
  companyId: number,
  ticketId: number,
  step: number,
): Promise<'resumed' | 'skipped'> => {
  const t = await currentTicket(companyId, ticketId);
  const state = t?.flow;
  if (!t || !state || state.step !== step || state.wait.kind !== 'interval') return 'skipped';
  if (stale(t, state)) {
    await stop(t);
    return 'skipped';
  }
  const flow = await runnableFlow(companyId, state.flowId);
  if (!flow) {
    await stop(t);
    return 'skipped';
  }
  const outcome = resumeFlow(flow.graph, state.wait as Extract<FlowWait, { kind: 'interval' }>, state.variables, {
    random: randomNumber,
  });
  const after = await claim(t, { kind: 'step', step, message: null }, outcome, state.flowId);
  if (!after) return 'skipped';
  await perform(after, outcome, step + 1);
  return 'resumed';
};

export const registerFlowJobs = (): void => {
  registerJob(
    FLOW_INTERVAL_JOB,
    z.object({
      companyId: z.number().int().positive(),
      ticketId: z.number().int().positive(),
      step: z.number().int().positive(),
    }),
    async (job) => {
      const result = await resumeFlowAfterInterval(job.companyId, job.ticketId, job.step);
      if (result === 'skipped')
        logger.info('flow interval skipped', { companyId: job.companyId, ticketId: job.ticketId, step: job.step });
    },
  );
};
