/**
 * Reading connections, as inbound events, widgets and other modules do many times a second: kept apart from the
 * connections page's changes and session commands so that those readers do not carry them.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import { AppError } from '../../platform/errors.ts';
import { LOOKUP_CACHE_MS, ttlCache } from '../../platform/ttl-cache.ts';
import type { ConnectionRecord } from './connection.entity.ts';
import { getApiTokenMarker, getConnectionRecord, getWidgetKeyMarker, listConnectionRecords } from './connections.repository.ts';

/** Connections change rarely and every inbound event reads one: an instance keeps them for a few seconds. */
const connections = ttlCache<string, ConnectionRecord | undefined>(5_000);

/**
 * Widgets call with the same key on every message; a function instance keeps what it read for a few seconds
 * (a disabled, deleted or re-keyed chat stops answering within that time; at once in the instance that changed it).
 */
const webchats = ttlCache<string, ConnectionRecord | undefined>(LOOKUP_CACHE_MS);

export const forget = (r: ConnectionRecord): void => {
  connections.forget(`${r.companyId}:${r.id}`);
  if (r.widgetKey) webchats.forget(r.widgetKey);
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

/**
 * A web chat by its public widget key; unknown keys, disabled chats and API tokens are indistinguishable (404):
 * only the widget key's marker is read, and the chat must still hold that key.
 */
export const findWebchatByWidgetKey = async (widgetKey: string): Promise<ConnectionRecord> => {
  const record = await webchats.get(widgetKey, async () => {
    const marker = await getWidgetKeyMarker(widgetKey);
    return marker ? getConnectionRecord(marker.companyId, marker.connectionId) : undefined;
  });
  if (!record || !traitsOf(record.channel).widgetKey || record.status !== 'CONNECTED' || !holdsWidgetKey(record, widgetKey))
    throw new AppError('ERR_NOT_FOUND');
  return record;
};

/**
 * Until the data migration (api-token-migration.repository.ts) has run after a deploy, a chat stored earlier has no
 * widget key: its one token is the key its site embeds.
 */
const holdsWidgetKey = (r: ConnectionRecord, widgetKey: string): boolean =>
  r.widgetKey == null ? r.token === widgetKey : r.widgetKey === widgetKey;

/**
 * The connection a secret API token belongs to, whatever its channel (the external messages API's bearer);
 * undefined for an unknown token and for a web chat's public widget key, whose marker is never read here. Read
 * from the table each time, so a regenerated or deleted token stops working at once.
 */
export const findConnectionByApiToken = async (token: string): Promise<ConnectionRecord | undefined> => {
  const marker = await getApiTokenMarker(token);
  if (marker) {
    const record = await getConnectionRecord(marker.companyId, marker.connectionId);
    return record?.token === token ? record : undefined;
  }
  // until the data migration has run after a deploy, a connection stored earlier has only its old marker; a web
  // chat's old token is its public widget key, so only other channels' tokens are taken from it
  const legacy = await getWidgetKeyMarker(token);
  const record = legacy ? await getConnectionRecord(legacy.companyId, legacy.connectionId) : undefined;
  return record && !traitsOf(record.channel).widgetKey && record.token === token ? record : undefined;
};

export const listConnectionsOf = (companyId: number): Promise<ConnectionRecord[]> => listConnectionRecords(companyId);
