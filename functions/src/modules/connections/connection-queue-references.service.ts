/**
 * A deleted queue leaves the connections that named it: their menus (queueIds), their redirection (sendIdQueue,
 * with its time, which needs a queue) and their import queue. Without this a connection kept a queue id that no
 * longer resolves, and the engine counted it among the connection's queues.
 */
import { clock } from '../../platform/clock.ts';
import type { ConnectionSettings } from './connection.entity.ts';
import { forget } from './connection-lookup.service.ts';
import { announce, updated } from './connection-set.service.ts';
import { listConnectionRecords, updateConnectionRecord } from './connections.repository.ts';

export const removeQueueFromConnections = async (companyId: number, queueId: number): Promise<number> => {
  let changed = 0;
  for (const connection of await listConnectionRecords(companyId)) {
    const settings: Partial<ConnectionSettings> = {};
    if (connection.queueIds.includes(queueId)) settings.queueIds = connection.queueIds.filter((id) => id !== queueId);
    if (connection.sendIdQueue === queueId) Object.assign(settings, { sendIdQueue: null, timeSendQueue: 0 });
    if (connection.queueIdImportMessages === queueId) settings.queueIdImportMessages = null;
    if (Object.keys(settings).length === 0) continue;
    const updatedAt = clock().now().toISOString();
    const outcome = await updateConnectionRecord(connection, { settings, updatedAt });
    if (outcome !== 'ok') continue;
    const after = { ...connection, ...settings, updatedAt };
    forget(after);
    await announce(companyId, [updated(after)]);
    changed++;
  }
  return changed;
};
