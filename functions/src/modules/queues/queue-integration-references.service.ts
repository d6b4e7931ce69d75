/**
 * A deleted integration leaves the queues that named it: the queue's own integrationId and every chatbot option's
 * optIntegrationId (the option keeps its type, so the admin sees it needs a new integration on the next save).
 * Each changed queue is announced as an update on `company-{id}-queue`.
 */
import type { ChatbotOption } from '@switchboard/shared/contracts/queues';
import { clock } from '../../platform/clock.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { toQueueDetails } from './queue-admin.service.ts';
import { getQueueChatbots, listQueueRecords, replaceQueue } from './queues.repository.ts';

const without = (options: readonly ChatbotOption[], integrationId: number): { options: ChatbotOption[]; changed: boolean } => {
  let changed = false;
  const out = options.map((o) => {
    const inner = without(o.options, integrationId);
    const hit = o.optIntegrationId === integrationId;
    if (!hit && !inner.changed) return o;
    changed = true;
    return { ...o, optIntegrationId: hit ? null : o.optIntegrationId, options: inner.options };
  });
  return { options: out, changed };
};

export const removeIntegrationFromQueues = async (companyId: number, integrationId: number): Promise<number> => {
  let changed = 0;
  for (const queue of await listQueueRecords(companyId)) {
    // a queue changed meanwhile is read again (a few times at most)
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = attempt === 0 ? queue : (await listQueueRecords(companyId)).find((q) => q.id === queue.id);
      if (!before) break;
      const tree = await getQueueChatbots(companyId, before.id);
      const options = without(tree.chatbots, integrationId);
      if (before.integrationId !== integrationId && !options.changed) break;
      const after = {
        ...before,
        integrationId: before.integrationId === integrationId ? null : (before.integrationId ?? null),
        updatedAt: clock().now().toISOString(),
        rev: (before.rev ?? 0) + 1,
      };
      const chatbots = { ...tree, chatbots: options.options };
      if ((await replaceQueue(before, after, chatbots)) !== 'ok') continue;
      await domainEvents.emit({ name: 'queue.updated', companyId, queue: toQueueDetails(after, chatbots) });
      changed++;
      break;
    }
  }
  return changed;
};
