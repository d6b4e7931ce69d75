import type { Connection, ConnectionSummary } from '@switchboard/shared/contracts/inbox';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import type { ConnectionRecord } from './connection.entity.ts';
import { getConnectionRecord, getWebchatToken, insertConnection, listConnectionRecords } from './connections.repository.ts';

export type { ConnectionRecord } from './connection.entity.ts';

export const toConnection = (r: ConnectionRecord): Connection => ({
  id: r.id,
  name: r.name,
  channel: r.channel,
  groupAsTicket: r.groupAsTicket,
  status: r.status,
  isDefault: r.isDefault,
  token: r.token,
  queueIds: r.queueIds,
  greetingMessage: r.greetingMessage,
  complationMessage: r.complationMessage,
  color: r.color,
});

export const toConnectionSummary = (r: Pick<ConnectionRecord, 'id' | 'name' | 'channel' | 'groupAsTicket'>): ConnectionSummary => ({
  id: r.id,
  name: r.name,
  channel: r.channel,
  groupAsTicket: r.groupAsTicket,
});

export const listConnections = async (auth: AuthContext): Promise<Connection[]> =>
  (await listConnectionRecords(auth.companyId)).sort((a, b) => a.id - b.id).map(toConnection);

/** Connections change rarely and every inbound event reads one: an instance keeps them for a few seconds. */
const connections = ttlCache<string, ConnectionRecord | undefined>(5_000);

export const findConnection = (companyId: number, id: number): Promise<ConnectionRecord | undefined> =>
  connections.get(`${companyId}:${id}`, () => getConnectionRecord(companyId, id));

export const requireConnection = async (companyId: number, id: number): Promise<ConnectionRecord> => {
  const found = await getConnectionRecord(companyId, id);
  if (!found) throw new AppError('ERR_NO_WAPP_FOUND');
  return found;
};

/** The connection a new agent-started ticket uses: the default one, else the first connected one. */
export const defaultConnection = async (companyId: number): Promise<ConnectionRecord> => {
  const all = (await listConnectionRecords(companyId)).filter((c) => c.status === 'CONNECTED');
  const found = all.find((c) => c.isDefault) ?? all[0];
  if (!found) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  return found;
};

/**
 * Widgets call with the same token on every message; a function instance keeps what it read for a few seconds
 * (a disabled chat stops answering within that time).
 */
const webchats = ttlCache<string, ConnectionRecord | undefined>(10_000);

/** A web chat by its public token; unknown or disabled tokens are indistinguishable (404). */
export const findWebchatByToken = async (token: string): Promise<ConnectionRecord> => {
  const record = await webchats.get(token, async () => {
    const marker = await getWebchatToken(token);
    return marker ? getConnectionRecord(marker.companyId, marker.connectionId) : undefined;
  });
  if (!record || record.channel !== 'webchat' || record.status !== 'CONNECTED') throw new AppError('ERR_NOT_FOUND');
  return record;
};

export const createWebchatConnection = async (
  companyId: number,
  input: {
    name: string;
    queueIds: number[];
    color?: string;
    greetingMessage?: string;
    complationMessage?: string;
    isDefault?: boolean;
    timeCreateNewTicket?: number;
  },
): Promise<ConnectionRecord> => {
  const now = clock().now().toISOString();
  const record: ConnectionRecord = {
    id: await nextId(companyPk(companyId), 'connection'),
    companyId,
    name: input.name,
    channel: 'webchat',
    status: 'CONNECTED',
    isDefault: input.isDefault ?? true,
    allowGroup: false,
    groupAsTicket: 'disabled',
    token: ids.token(24),
    queueIds: input.queueIds,
    greetingMessage: input.greetingMessage ?? '',
    complationMessage: input.complationMessage ?? '',
    timeCreateNewTicket: input.timeCreateNewTicket ?? 0,
    color: input.color ?? '#2563eb',
    createdAt: now,
    updatedAt: now,
  };
  await insertConnection(record);
  return record;
};

export const listConnectionsOf = (companyId: number): Promise<ConnectionRecord[]> => listConnectionRecords(companyId);
