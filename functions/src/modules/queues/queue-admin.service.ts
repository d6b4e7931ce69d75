/**
 * The queues page (spec document 2 "Queues page", sections 3, 5 and 7): show, create, change and delete a queue
 * with its chatbot option tree, service hours and file list. Rules:
 * - name 2 to 50, colour 3 to 9 characters and unique per company (ERR_QUEUE_COLOR_ALREADY_EXISTS, a marker item
 *   written in the queue's own transaction); the contract checks the shapes;
 * - a greeting is required when the company has more than one queue (ERR_WAPP_GREETING_REQUIRED);
 * - the plan's queue limit on create (server reference 9.3; ERR_QUEUE_LIMIT_REACHED);
 * - every option's target (queue, user, file list, integration) and the queue's file list and integration belong to
 *   the company (404 otherwise);
 * - a change is announced on `company-{id}-queue` to the company's agents.
 */
import type { QueueBody, QueueDetails } from '@switchboard/shared/contracts/queues';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { actorOf } from '../../platform/events/actor.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { existingFileListIds } from '../files/files.service.ts';
import { findQueueIntegration } from '../queue-integrations/queue-integrations.service.ts';
import { findUser } from '../user-records/user-lookup.service.ts';
import { assignOptionIds, targetsOf, type ParsedOption, type TargetRef } from './chatbot-tree.ts';
import type { QueueChatbots, QueueRecord } from './queue.entity.ts';
import {
  deleteQueueRecord,
  getQueueChatbots,
  getQueueRecord,
  insertQueue,
  listQueueRecords,
  readQueueSetRev,
  replaceQueue,
} from './queues.repository.ts';

/** An option tree is kept in one item (400 KB at most): leave room for its keys and attribute names. */
const MAX_TREE_BYTES = 300_000;

const now = () => clock().now().toISOString();

export const toQueueDetails = (r: QueueRecord, c: QueueChatbots): QueueDetails => ({
  id: r.id,
  name: r.name,
  color: r.color,
  greetingMessage: r.greetingMessage,
  outOfHoursMessage: r.outOfHoursMessage ?? '',
  orderQueue: r.orderQueue,
  closeTicket: r.closeTicket ?? false,
  ativarRoteador: r.ativarRoteador ?? false,
  tempoRoteador: r.tempoRoteador ?? 0,
  firstResponseMinutes: r.firstResponseMinutes ?? 0,
  schedules: r.schedules ?? [],
  fileListId: r.fileListId ?? null,
  integrationId: r.integrationId ?? null,
  chatbots: c.chatbots,
});

const colorTaken = () =>
  new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'Another queue of the company has this colour', {
    fields: [{ path: 'body.color', message: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }],
  });
const stale = () => new AppError('ERR_VALIDATION', 'The queue changed meanwhile; reload and try again');

const requireQueue = async (auth: AuthContext, id: number): Promise<QueueRecord> => {
  const record = await getQueueRecord(auth.companyId, id);
  if (!record) throw new AppError('ERR_NOT_FOUND');
  return record;
};

/** Section 5: with more than one queue in the company, every queue written needs a greeting. */
const requireGreeting = (body: QueueBody, queuesAfter: number) => {
  if (queuesAfter > 1 && body.greetingMessage.trim() === '')
    throw new AppError('ERR_WAPP_GREETING_REQUIRED', 'A greeting is required when the company has more than one queue', {
      fields: [{ path: 'body.greetingMessage', message: 'ERR_WAPP_GREETING_REQUIRED' }],
    });
};

/**
 * The records the queue and its options name exist in the caller's company; another company's record is as
 * unknown as a missing one (404, with the field's path).
 */
const requireTargets = async (auth: AuthContext, refs: TargetRef[], queueIds: Set<number>) => {
  const fileIds = refs.filter((r) => r.kind === 'file').map((r) => r.id);
  const files = fileIds.length ? await existingFileListIds(auth.companyId, fileIds) : new Set<number>();
  const userIds = [...new Set(refs.filter((r) => r.kind === 'user').map((r) => r.id))];
  const users = new Set(
    (await Promise.all(userIds.map((id) => findUser(auth.companyId, id)))).filter((u) => u !== undefined).map((u) => u.id),
  );
  const integrationIds = [...new Set(refs.filter((r) => r.kind === 'integration').map((r) => r.id))];
  const integrations = new Set(
    (await Promise.all(integrationIds.map((id) => findQueueIntegration(auth.companyId, id))))
      .filter((i) => i !== undefined)
      .map((i) => i.id),
  );
  const known = { queue: queueIds, user: users, file: files, integration: integrations };
  const missing = refs.find((r) => !known[r.kind].has(r.id));
  if (missing)
    throw new AppError('ERR_NOT_FOUND', `Unknown ${missing.kind} ${missing.id}`, {
      fields: [{ path: missing.path, message: 'ERR_NOT_FOUND' }],
    });
};

/** Checks and shapes what is written: option ids, target fields, the records they name and the tree's size. */
const prepare = async (auth: AuthContext, body: QueueBody, queues: QueueRecord[], seq: number, selfId: number) => {
  const tree = assignOptionIds(body.chatbots as ParsedOption[], seq);
  const refs = targetsOf(tree.chatbots);
  if (body.fileListId !== null) refs.unshift({ kind: 'file', id: body.fileListId, path: 'body.fileListId' });
  if (body.integrationId !== null) refs.unshift({ kind: 'integration', id: body.integrationId, path: 'body.integrationId' });
  await requireTargets(auth, refs, new Set([...queues.map((q) => q.id), selfId]));
  if (JSON.stringify(tree.chatbots).length > MAX_TREE_BYTES)
    throw new AppError('ERR_VALIDATION', 'The chatbot options are too long', {
      fields: [{ path: 'body.chatbots', message: 'Too Long!' }],
    });
  return tree;
};

const fieldsOf = (body: QueueBody) => ({
  name: body.name,
  color: body.color,
  greetingMessage: body.greetingMessage,
  outOfHoursMessage: body.outOfHoursMessage,
  closeTicket: body.closeTicket,
  ativarRoteador: body.ativarRoteador,
  tempoRoteador: body.tempoRoteador,
  firstResponseMinutes: body.firstResponseMinutes,
  schedules: body.schedules,
  fileListId: body.fileListId,
  integrationId: body.integrationId,
});

/** GET /queue/{id}: the queue with its option tree. */
export const showQueue = async (auth: AuthContext, id: number): Promise<QueueDetails> => {
  const record = await requireQueue(auth, id);
  return toQueueDetails(record, await getQueueChatbots(auth.companyId, id));
};

export const createQueueWithOptions = async (auth: AuthContext, body: QueueBody): Promise<QueueDetails> => {
  const plan = await auth.plan();
  // the limit holds under concurrent creations: each is written only if none got in since its list was read
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await tryCreateQueue(auth, body, plan.queues);
    if (created) return created;
  }
  throw new AppError('ERR_VALIDATION', 'The queues changed meanwhile; reload and try again');
};

const tryCreateQueue = async (auth: AuthContext, body: QueueBody, limit: number): Promise<QueueDetails | undefined> => {
  const setRev = await readQueueSetRev(auth.companyId);
  const queues = await listQueueRecords(auth.companyId);
  if (queues.length >= limit)
    throw new AppError('ERR_QUEUE_LIMIT_REACHED', `maximum queues reached: ${limit}`, { details: { limit } });
  requireGreeting(body, queues.length + 1);
  const id = await nextId(companyPk(auth.companyId), 'queue');
  const tree = await prepare(auth, body, queues, 0, id);
  const at = now();
  const record: QueueRecord = {
    id,
    companyId: auth.companyId,
    ...fieldsOf(body),
    orderQueue: body.orderQueue ?? queues.length + 1,
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  const outcome = await insertQueue(record, tree, setRev);
  if (outcome === 'colorTaken') throw colorTaken();
  if (outcome === 'stale') return undefined;
  const out = toQueueDetails(record, tree);
  await domainEvents.emit({ name: 'queue.created', companyId: auth.companyId, queue: out, actor: actorOf(auth) });
  return out;
};

export const updateQueue = async (auth: AuthContext, id: number, body: QueueBody): Promise<QueueDetails> => {
  const before = await requireQueue(auth, id);
  const queues = await listQueueRecords(auth.companyId);
  requireGreeting(body, queues.length);
  const stored = await getQueueChatbots(auth.companyId, id);
  const tree = await prepare(auth, body, queues, stored.optionSeq, id);
  const after: QueueRecord = {
    ...before,
    ...fieldsOf(body),
    orderQueue: body.orderQueue ?? before.orderQueue,
    updatedAt: now(),
    rev: (before.rev ?? 0) + 1,
  };
  const result = await replaceQueue(before, after, tree);
  if (result === 'colorTaken') throw colorTaken();
  if (result === 'stale') throw stale();
  const out = toQueueDetails(after, tree);
  await domainEvents.emit({ name: 'queue.updated', companyId: auth.companyId, queue: out, actor: actorOf(auth) });
  return out;
};

/**
 * DELETE /queue/{id}. As in the system the spec describes, deleting always succeeds and the queue leaves what
 * named it when the deletion is announced (listeners/queue-references.listener.ts): users' queue lists, then
 * connections (menus, redirection, import queue). Tickets and other queues' options that name it keep the id,
 * which no longer resolves (queue ids are never reused): the inbox shows such tickets without a queue.
 */
export const deleteQueue = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  const record = await requireQueue(auth, id);
  if ((await deleteQueueRecord(record)) === 'stale') throw stale();
  await domainEvents.emit({ name: 'queue.deleted', companyId: auth.companyId, queueId: id, actor: actorOf(auth) });
  return { ok: true };
};
