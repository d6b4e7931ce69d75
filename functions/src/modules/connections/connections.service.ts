/**
 * Connections (channels) of a company: spec document 2 "Connections page", sections 3 to 9.
 * - A company has at most its plan's number of connections (ERR_CONNECTION_LIMIT_REACHED).
 * - While it has any, exactly one is the default: the first one is; making another the default takes the flag
 *   from the old one in the same transaction; the default can be neither unset nor deleted while other
 *   connections exist (ERR_NO_OTHER_WHATSAPP: make another one the default first).
 * - A connection's queues are the company's own (400 otherwise).
 * - A web chat's token is its widget's address; a new one replaces it atomically, and deleting the chat
 *   deletes it, so the widget stops answering.
 * Every change is told to the company's agents on `company-{id}-whatsapp`.
 */
import type { CreateConnectionBody, UpdateConnectionBody } from '@switchboard/shared/contracts/connections';
import type { Connection, ConnectionSummary } from '@switchboard/shared/contracts/inbox';
import { API_PREFIX } from '@switchboard/shared/route-table';
import { clock } from '../../platform/clock.ts';
import { config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { ttlCache } from '../../platform/ttl-cache.ts';
import type { ConnectionRecord, ConnectionSettings } from './connection.entity.ts';
import { createCloudApiConnection, replaceGraphToken } from './graph-connections.service.ts';
import {
  deleteConnectionRecord,
  getConnectionRecord,
  getWebchatToken,
  listConnectionRecords,
  readConnectionSet,
  updateConnectionRecord,
} from './connections.repository.ts';
import { deleteSessionItems } from './whatsapp-session.repository.ts';
import { addConnection, announce, ATTEMPTS, changedMeanwhile, newToken, requireCompanyQueues, updated } from './connection-set.service.ts';

export { addConnection, announce, createWebchatConnection, requireCompanyQueues, updated } from './connection-set.service.ts';
import { queueSessionCommand } from './whatsapp-sessions.service.ts';

export type { ConnectionRecord } from './connection.entity.ts';

/** A Graph connection's public side: Meta's ids and its webhook address, never its secrets. */
const graphView = (r: ConnectionRecord) =>
  r.graph
    ? {
        phoneNumberId: r.graph.phoneNumberId ?? null,
        wabaId: r.graph.wabaId ?? null,
        facebookPageUserId: r.graph.pageId ?? null,
        webhookUrl: r.graph.webhookKey ? `${config().PUBLIC_URL}${API_PREFIX}/webhooks/whatsapp/${r.graph.webhookKey}` : null,
        hasAccessToken: r.graph.accessToken.length > 0,
      }
    : {};

export const toConnection = (r: ConnectionRecord): Connection => ({
  id: r.id,
  name: r.name,
  channel: r.channel,
  groupAsTicket: r.groupAsTicket,
  status: r.status,
  number: r.number ?? null,
  qrcode: r.qrcode ?? '',
  retries: r.retries ?? 0,
  isDefault: r.isDefault,
  allowGroup: r.allowGroup,
  token: r.token,
  ...graphView(r),
  queueIds: r.queueIds,
  greetingMessage: r.greetingMessage,
  complationMessage: r.complationMessage,
  outOfHoursMessage: r.outOfHoursMessage,
  timeCreateNewTicket: r.timeCreateNewTicket,
  color: r.color,
  updatedAt: r.updatedAt,
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

export const listConnectionsOf = (companyId: number): Promise<ConnectionRecord[]> => listConnectionRecords(companyId);

// ----- administration (the connections page) -----

/** GET /whatsapp/{id}: another company's connection is not found. */
export const showConnection = async (auth: AuthContext, id: number): Promise<Connection> => toConnection(await requireConnection(auth.companyId, id));

/** POST /whatsapp */
export const createConnection = async (auth: AuthContext, body: CreateConnectionBody): Promise<Connection> => {
  if (body.channel === 'whatsappapi') return createCloudApiConnection(auth, body);
  await requireCompanyQueues(auth.companyId, body.queueIds);
  const plan = await auth.plan();
  if (body.channel === 'whatsapp' && !plan.useWhatsapp) throw new AppError('ERR_NO_PERMISSION', 'The plan does not include WhatsApp');
  const { record, cleared } = await addConnection(auth.companyId, body, plan.connections);
  cleared.forEach(forget);
  await announce(auth.companyId, [record, ...cleared].map(updated));
  if (record.channel === 'whatsapp') await queueSessionCommand({ kind: 'start', companyId: auth.companyId, connectionId: record.id, at: record.createdAt });
  return toConnection(record);
};

/** PUT /whatsapp/{id}: the fields sent change; `regenerateToken` gives the connection a new token. */
export const updateConnection = async (auth: AuthContext, id: number, body: UpdateConnectionBody): Promise<Connection> => {
  const { regenerateToken, accessToken, ...sent } = body;
  if (accessToken) await replaceGraphToken(auth, id, accessToken);
  const settings = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Partial<ConnectionSettings>;
  if (settings.queueIds) await requireCompanyQueues(auth.companyId, settings.queueIds);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const set = await readConnectionSet(auth.companyId);
    const before = set.connections.find((c) => c.id === id);
    if (!before) throw new AppError('ERR_NO_WAPP_FOUND');
    if (settings.isDefault === false && before.isDefault) {
      throw new AppError('ERR_NO_OTHER_WHATSAPP', 'Make another connection the default instead');
    }
    const otherDefaults = set.connections.filter((c) => c.id !== id && c.isDefault);
    const takesDefault = settings.isDefault === true && (!before.isDefault || otherDefaults.length > 0);
    const updatedAt = clock().now().toISOString();
    const token = regenerateToken ? newToken() : undefined;
    const outcome = await updateConnectionRecord(before, {
      settings,
      updatedAt,
      token,
      setChange: takesDefault ? { rev: set.rev, clearDefault: otherDefaults.map((c) => c.id) } : undefined,
    });
    if (outcome === 'stale') continue;
    const after: ConnectionRecord = { ...before, ...settings, updatedAt, token: token ?? before.token };
    const cleared = takesDefault ? otherDefaults.map((c) => ({ ...c, isDefault: false, updatedAt })) : [];
    [before, ...cleared].forEach(forget);
    await announce(auth.companyId, [after, ...cleared].map(updated));
    return toConnection(after);
  }
  throw changedMeanwhile();
};

/** DELETE /whatsapp/{id} */
export const deleteConnection = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const set = await readConnectionSet(auth.companyId);
    const record = set.connections.find((c) => c.id === id);
    if (!record) throw new AppError('ERR_NO_WAPP_FOUND');
    if (record.isDefault && set.connections.length > 1) {
      throw new AppError('ERR_NO_OTHER_WHATSAPP', 'Make another connection the default before deleting this one');
    }
    const session = record.channel === 'whatsapp' ? deleteSessionItems(record.companyId, record.id) : [];
    if ((await deleteConnectionRecord(record, set.rev, session)) === 'stale') continue;
    // the connector logs the number out and forgets its auth state
    if (record.channel === 'whatsapp') await queueSessionCommand({ kind: 'remove', companyId: record.companyId, connectionId: id, at: clock().now().toISOString() });
    forget(record);
    await announce(auth.companyId, [{ action: 'delete', whatsappId: id }]);
    return { ok: true };
  }
  throw changedMeanwhile();
};
