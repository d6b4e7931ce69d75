import type { Queue, QueueSummary } from '@switchboard/shared/contracts/queues';
import { clock } from '../../platform/clock.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import type { QueueChatbots, QueueRecord } from './queue.entity.ts';
import { getQueueChatbots, getQueueRecord, getQueueRecords, insertQueue, listQueueRecords } from './queues.repository.ts';

/** Spec document 2 section 9: the default queue colour. */
export const DEFAULT_QUEUE_COLOR = '#7c7c7c';

const toQueue = (r: QueueRecord): Queue => ({
  id: r.id,
  name: r.name,
  color: r.color,
  greetingMessage: r.greetingMessage,
  orderQueue: r.orderQueue,
});
export const toQueueSummary = (r: Pick<QueueRecord, 'id' | 'name' | 'color' | 'firstResponseMinutes'>): QueueSummary => ({
  id: r.id,
  name: r.name,
  color: r.color,
  ...(r.firstResponseMinutes ? { firstResponseMinutes: r.firstResponseMinutes } : {}),
});

export const listQueues = async (auth: AuthContext): Promise<Queue[]> =>
  (await listQueueRecords(auth.companyId)).sort((a, b) => a.orderQueue - b.orderQueue || a.id - b.id).map(toQueue);

export const findQueues = async (companyId: number, ids: number[]): Promise<Map<number, QueueSummary>> =>
  new Map((await getQueueRecords(companyId, ids)).map((q) => [q.id, toQueueSummary(q)]));

/** The queues of a connection as its menu lists them: by orderQueue, then id (server reference 2.1). */
export const menuQueues = async (companyId: number, ids: number[]): Promise<QueueRecord[]> =>
  (await getQueueRecords(companyId, ids)).sort((a, b) => a.orderQueue - b.orderQueue || a.id - b.id);

/** A queue with its chatbot option tree, for the conversation engine. */
export const queueWithOptions = async (
  companyId: number,
  id: number,
): Promise<{ queue: QueueRecord; chatbots: QueueChatbots } | undefined> => {
  const queue = await getQueueRecord(companyId, id);
  return queue ? { queue, chatbots: await getQueueChatbots(companyId, id) } : undefined;
};

export const findQueue = async (companyId: number, id: number): Promise<QueueSummary | undefined> =>
  (await findQueues(companyId, [id])).get(id);

export const createQueue = async (
  companyId: number,
  input: { name: string; color: string; greetingMessage?: string; orderQueue?: number },
): Promise<Queue> => {
  const record: QueueRecord = {
    id: await nextId(companyPk(companyId), 'queue'),
    companyId,
    name: input.name,
    color: input.color,
    greetingMessage: input.greetingMessage ?? '',
    orderQueue: input.orderQueue ?? 1,
    createdAt: clock().now().toISOString(),
  };
  if ((await insertQueue(record)) === 'colorTaken') throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  return toQueue(record);
};

/** Rotation settings per queue, kept briefly as connections are: the timer listener asks on every ticket event. */
const rotations = ttlCache<string, { minutes: number } | null>(5_000);

/** A queue's rotation (server reference 2.10), when it is on: the minutes a ticket may wait with its agent. */
export const getQueueRotation = async (companyId: number, id: number): Promise<{ minutes: number } | null> => {
  const key = `${companyId}:${id}`;
  const known = rotations.peek(key);
  if (known !== undefined) return known;
  const queue = await getQueueRecord(companyId, id);
  const rotation = queue?.ativarRoteador && (queue.tempoRoteador ?? 0) > 0 ? { minutes: queue.tempoRoteador! } : null;
  rotations.set(key, rotation);
  return rotation;
};
