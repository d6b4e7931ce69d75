/**
 * A deleted record leaves the connections that named it: a queue (their menus, their redirection with its time,
 * their import queue), a flow (welcome and not-phrase flows), an integration or an AI prompt. Without this a
 * connection kept an id that no longer resolves: the engine counted a queue that is gone and the connection dialog
 * showed a choice that does not exist. A connection written meanwhile is read again and cleared all the same.
 */
import { clock } from '../../platform/clock.ts';
import type { ConnectionRecord, ConnectionSettings } from './connection.entity.ts';
import { forget } from './connection-lookup.service.ts';
import { announce } from './connection-set.service.ts';
import { getConnectionRecord, listConnectionRecords, updateConnectionRecord } from './connections.repository.ts';

/** How often a connection changed under a clean-up is read again before the clean-up gives up on it. */
const ATTEMPTS = 5;

type Clearing = (c: ConnectionRecord) => Partial<ConnectionSettings>;

/** Clears what `clearing` answers on each connection of the company; answers how many connections changed. */
const clearFromConnections = async (companyId: number, clearing: Clearing): Promise<number> => {
  let changed = 0;
  for (const listed of await listConnectionRecords(companyId)) {
    let connection: ConnectionRecord | undefined = listed;
    for (let attempt = 0; connection && attempt < ATTEMPTS; attempt++) {
      const settings = clearing(connection);
      if (Object.keys(settings).length === 0) break;
      const updatedAt = clock().now().toISOString();
      if ((await updateConnectionRecord(connection, { settings, updatedAt })) === 'ok') {
        const after = { ...connection, ...settings, updatedAt };
        forget(after);
        await announce(companyId, [after]);
        changed++;
        break;
      }
      connection = await getConnectionRecord(companyId, connection.id);
    }
  }
  return changed;
};

export const removeQueueFromConnections = (companyId: number, queueId: number): Promise<number> =>
  clearFromConnections(companyId, (c) => ({
    ...(c.queueIds.includes(queueId) ? { queueIds: c.queueIds.filter((id) => id !== queueId) } : {}),
    ...(c.sendIdQueue === queueId ? { sendIdQueue: null, timeSendQueue: 0 } : {}),
    ...(c.queueIdImportMessages === queueId ? { queueIdImportMessages: null } : {}),
  }));

export const removeFlowFromConnections = (companyId: number, flowId: number): Promise<number> =>
  clearFromConnections(companyId, (c) => ({
    ...(c.flowIdWelcome === flowId ? { flowIdWelcome: null } : {}),
    ...(c.flowIdNotPhrase === flowId ? { flowIdNotPhrase: null } : {}),
  }));

export const removeIntegrationFromConnections = (companyId: number, integrationId: number): Promise<number> =>
  clearFromConnections(companyId, (c) => (c.integrationId === integrationId ? { integrationId: null } : {}));

export const removePromptFromConnections = (companyId: number, promptId: number): Promise<number> =>
  clearFromConnections(companyId, (c) => (c.promptId === promptId ? { promptId: null } : {}));
