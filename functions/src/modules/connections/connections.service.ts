/**
 * Connections (channels) of a company: spec document 2 "Connections page", sections 3 to 9.
 * - A company has at most its plan's number of connections (ERR_CONNECTION_LIMIT_REACHED).
 * - While it has any, exactly one is the default: the first one is; making another the default takes the flag
 *   from the old one in the same transaction; the default can be neither unset nor deleted while other
 *   connections exist (ERR_NO_OTHER_WHATSAPP: make another one the default first).
 * - A connection's queues are the company's own (400 otherwise).
 * - The conversation engine's fields (ratings, redirection, expiry, vacation, hours) follow the rules of
 *   connection-engine-fields.service.ts, checked on the connection as the change leaves it.
 * - Every connection has a secret API token (the external messages API's bearer), and a web chat a public
 *   widget key (its widget's address, in the tag customers embed). Each is replaced atomically on its own, and
 *   deleting the connection deletes both. Only those who may manage connections read them.
 * Every change is told to the company's agents on `company-{id}-whatsapp`.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import type {
  Channel,
  Connection,
  ConnectionSummary,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@switchboard/shared/contracts/connections';
import { can } from '@switchboard/shared/permissions';
import { API_PREFIX } from '@switchboard/shared/route-table';
import { clock } from '../../platform/clock.ts';
import { config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { actorOf } from '../../platform/events/actor.ts';
import { viewerOf } from '../../platform/auth/viewer.ts';
import { blobStore } from '../../platform/ports/blob-store.ts';
import { newConnectionToken, type ConnectionRecord, type ConnectionSettings } from './connection.entity.ts';
import { createCloudApiConnection, replaceGraphToken } from './graph-connections.service.ts';
import {
  deleteConnectionRecord,
  listConnectionRecords,
  readConnectionSet,
  updateConnectionRecord,
} from './connections.repository.ts';
import { deleteSessionItems } from './whatsapp-session.repository.ts';
import { forget, requireConnection } from './connection-lookup.service.ts';
import { addConnection, announce, ATTEMPTS, changedMeanwhile, requireCompanyQueues } from './connection-set.service.ts';
import { migrateConnectionCredentials } from './legacy-credentials.repository.ts';

export { addConnection, announce, createWebchatConnection, requireCompanyQueues } from './connection-set.service.ts';
import { queueSessionCommand, resetSessionForImport } from './whatsapp-sessions.service.ts';
import { planImport } from './connection-import.service.ts';
import { checkEngineFields, engineFieldsOf } from './connection-engine-fields.service.ts';
import { requireCompanyFlows } from './connection-flows.service.ts';
import { requireCompanyPrompt } from './connection-prompt.service.ts';
import { requireOwnIntegration } from '../queue-integrations/queue-integrations.service.ts';

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
  statusReason: r.statusReason ?? null,
  isDefault: r.isDefault,
  allowGroup: r.allowGroup,
  token: r.token,
  widgetKey: r.widgetKey ?? null,
  ...graphView(r),
  queueIds: r.queueIds,
  greetingMessage: r.greetingMessage,
  complationMessage: r.complationMessage,
  outOfHoursMessage: r.outOfHoursMessage,
  timeCreateNewTicket: r.timeCreateNewTicket,
  color: r.color,
  importOldMessages: r.importOldMessages ?? null,
  importRecentMessages: r.importRecentMessages ?? null,
  importOldMessagesGroups: r.importOldMessagesGroups ?? false,
  closedTicketsPostImported: r.closedTicketsPostImported ?? false,
  queueIdImportMessages: r.queueIdImportMessages ?? null,
  statusImportMessages: r.statusImportMessages ?? null,
  greetingMediaAttachment: r.greetingMediaAttachment ?? null,
  greetingMediaUrl: null,
  flowIdWelcome: r.flowIdWelcome ?? null,
  flowIdNotPhrase: r.flowIdNotPhrase ?? null,
  promptId: r.promptId ?? null,
  integrationId: r.integrationId ?? null,
  ...engineFieldsOf(r),
  updatedAt: r.updatedAt,
});

/** A connection as the connections page reads it: with an address serving its greeting media. */
export const presentConnection = async (r: ConnectionRecord): Promise<Connection> => ({
  ...toConnection(r),
  greetingMediaUrl: r.greetingMediaKey ? await blobStore().downloadUrl(r.greetingMediaKey) : null,
});

export const toConnectionSummary = (
  r: Pick<ConnectionRecord, 'id' | 'name' | 'channel' | 'groupAsTicket'>,
): ConnectionSummary => ({
  id: r.id,
  name: r.name,
  channel: r.channel,
  groupAsTicket: r.groupAsTicket,
});

/**
 * A connection as the caller may read it: the API token and the widget key go only to those who may manage
 * connections (the rule of the routes that create and change them); every other user reads them as null.
 */
const forCaller = (auth: AuthContext) => {
  const manages = can(viewerOf(auth), 'connections-page:addConnection');
  return (c: Connection): Connection => (manages ? c : { ...c, token: null, widgetKey: null });
};

export const listConnections = async (auth: AuthContext): Promise<Connection[]> =>
  (await Promise.all((await listConnectionRecords(auth.companyId)).sort((a, b) => a.id - b.id).map(presentConnection))).map(
    forCaller(auth),
  );

/** GET /whatsapp/filter: the company's connections of a channel, as the list shows them. */
export const filterConnections = async (auth: AuthContext, channel: Channel | undefined): Promise<Connection[]> =>
  (await listConnections(auth)).filter((c) => channel === undefined || c.channel === channel);

export {
  defaultConnection,
  findConnection,
  findConnectionByApiToken,
  findWebchatByWidgetKey,
  forget,
  listConnectionsOf,
  requireConnection,
} from './connection-lookup.service.ts';

// ----- administration (the connections page) -----

/** GET /whatsapp/{id}: another company's connection is not found. */
export const showConnection = async (auth: AuthContext, id: number): Promise<Connection> =>
  forCaller(auth)(await presentConnection(await requireConnection(auth.companyId, id)));

/** POST /whatsapp */
export const createConnection = async (auth: AuthContext, body: CreateConnectionBody): Promise<Connection> => {
  await checkEngineFields(auth.companyId, engineFieldsOf(body), body);
  if (traitsOf(body.channel).graphAccount === 'phone-number') return createCloudApiConnection(auth, body);
  await requireCompanyQueues(auth.companyId, body.queueIds);
  const plan = await auth.plan();
  const planFlag = traitsOf(body.channel).planFlag;
  if (planFlag && !plan[planFlag]) throw new AppError('ERR_NO_PERMISSION', 'The plan does not include WhatsApp');
  const { record, cleared } = await addConnection(auth.companyId, body, plan.connections);
  cleared.forEach(forget);
  await announce(auth.companyId, [record, ...cleared], actorOf(auth));
  if (traitsOf(record.channel).qrSession)
    await queueSessionCommand({ kind: 'start', companyId: auth.companyId, connectionId: record.id, at: record.createdAt });
  return toConnection(record);
};

/**
 * PUT /whatsapp/{id}: the fields sent change; `regenerateToken` gives the connection a new API token and
 * `regenerateWidgetKey` a web chat a new widget key (the old one stops working at once in both cases).
 */
export const updateConnection = async (auth: AuthContext, id: number, body: UpdateConnectionBody): Promise<Connection> => {
  const { regenerateToken, regenerateWidgetKey, accessToken, ...sent } = body;
  // checked before anything is written (a connection's channel never changes)
  if (regenerateWidgetKey && !traitsOf((await requireConnection(auth.companyId, id)).channel).widgetKey) {
    throw new AppError('ERR_VALIDATION', 'Only a web chat has a widget key', {
      fields: [{ path: 'body.regenerateWidgetKey', message: 'Only a web chat has a widget key' }],
    });
  }
  if (accessToken) await replaceGraphToken(auth, id, accessToken);
  const settings = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Partial<ConnectionSettings>;
  if (settings.queueIds) await requireCompanyQueues(auth.companyId, settings.queueIds);
  await requireCompanyFlows(auth.companyId, settings);
  await requireCompanyPrompt(auth.companyId, settings);
  if (typeof settings.integrationId === 'number')
    await requireOwnIntegration(auth.companyId, settings.integrationId, 'body.integrationId');
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const set = await readConnectionSet(auth.companyId);
    const before = set.connections.find((c) => c.id === id);
    if (!before) throw new AppError('ERR_NO_WAPP_FOUND');
    // a connection stored before the API token and the widget key were apart is migrated first: otherwise the
    // migration would later take a regenerated credential for its old token
    if ((regenerateToken || regenerateWidgetKey) && (await migrateConnectionCredentials(before))) {
      forget(before);
      continue;
    }
    await checkEngineFields(auth.companyId, engineFieldsOf({ ...before, ...settings }), settings);
    const imports = await planImport(auth.companyId, before, settings);
    if (imports.statusImportMessages !== undefined) settings.statusImportMessages = imports.statusImportMessages;
    if (settings.isDefault === false && before.isDefault) {
      throw new AppError('ERR_NO_OTHER_WHATSAPP', 'Make another connection the default instead');
    }
    const otherDefaults = set.connections.filter((c) => c.id !== id && c.isDefault);
    const takesDefault = settings.isDefault === true && (!before.isDefault || otherDefaults.length > 0);
    const updatedAt = clock().now().toISOString();
    const token = regenerateToken ? newConnectionToken() : undefined;
    const widgetKey = regenerateWidgetKey ? newConnectionToken() : undefined;
    const outcome = await updateConnectionRecord(before, {
      settings,
      updatedAt,
      token,
      widgetKey,
      setChange: takesDefault ? { rev: set.rev, clearDefault: otherDefaults.map((c) => c.id) } : undefined,
    });
    if (outcome === 'stale') continue;
    const after: ConnectionRecord = {
      ...before,
      ...settings,
      updatedAt,
      token: token ?? before.token,
      widgetKey: widgetKey ?? before.widgetKey,
    };
    const cleared = takesDefault ? otherDefaults.map((c) => ({ ...c, isDefault: false, updatedAt })) : [];
    [before, ...cleared].forEach(forget);
    // WhatsApp sends the whole history only to a new pairing: a connected session is paired anew (the page warned)
    const reset = imports.resetSession ? await resetSessionForImport(auth.companyId, id) : undefined;
    await announce(auth.companyId, [reset ?? after, ...cleared], actorOf(auth));
    return presentConnection(reset ?? after);
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
    const session = traitsOf(record.channel).qrSession ? deleteSessionItems(record.companyId, record.id) : [];
    if ((await deleteConnectionRecord(record, set.rev, session)) === 'stale') continue;
    // the connector logs the number out and forgets its auth state
    if (traitsOf(record.channel).qrSession)
      await queueSessionCommand({
        kind: 'remove',
        companyId: record.companyId,
        connectionId: id,
        at: clock().now().toISOString(),
      });
    forget(record);
    await domainEvents.emit({ name: 'connection.deleted', companyId: auth.companyId, connectionId: id, actor: actorOf(auth) });
    return { ok: true };
  }
  throw changedMeanwhile();
};
