/**
 * Reading connections, as inbound events, widgets and other modules do many times a second: kept apart from the
 * connections page's changes and session commands so that those readers do not carry them.
 */
import { AppError } from '../../platform/errors.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import type { ConnectionRecord } from './connection.entity.ts';
import { getConnectionRecord, getWebchatToken, listConnectionRecords } from './connections.repository.ts';

/** Connections change rarely and every inbound event reads one: an instance keeps them for a few seconds. */
const connections = ttlCache<string, ConnectionRecord | undefined>(5_000);

/**
 * Widgets call with the same token on every message; a function instance keeps what it read for a few seconds
 * (a disabled, deleted or re-tokened chat stops answering within that time; at once in the instance that changed it).
 */
const webchats = ttlCache<string, ConnectionRecord | undefined>(10_000);

export const forget = (r: ConnectionRecord): void => {
  connections.forget(`${r.companyId}:${r.id}`);
  if (r.token) webchats.forget(r.token);
};

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

/** A web chat by its public token; unknown or disabled tokens are indistinguishable (404). */
export const findWebchatByToken = async (token: string): Promise<ConnectionRecord> => {
  const record = await webchats.get(token, async () => {
    const marker = await getWebchatToken(token);
    return marker ? getConnectionRecord(marker.companyId, marker.connectionId) : undefined;
  });
  if (!record || record.channel !== 'webchat' || record.status !== 'CONNECTED') throw new AppError('ERR_NOT_FOUND');
  return record;
};

/**
 * The connection a token belongs to, whatever its channel (the external messages API's bearer); undefined for an
 * unknown token. Read from the table each time, so a regenerated or deleted token stops working at once.
 */
export const findConnectionByToken = async (token: string): Promise<ConnectionRecord | undefined> => {
  const marker = await getWebchatToken(token);
  const record = marker ? await getConnectionRecord(marker.companyId, marker.connectionId) : undefined;
  return record && record.token === token ? record : undefined;
};

export const listConnectionsOf = (companyId: number): Promise<ConnectionRecord[]> => listConnectionRecords(companyId);
