/**
 * Graph API connections: a WhatsApp Cloud API number created with its ids and secrets, the
 * Messenger pages (and their Instagram accounts) of a Meta user, a number's approved templates, and the lookups
 * Meta's webhooks and the Graph drivers make. Secrets are stored sealed (graph-secrets.ts) and opened here only for a
 * Graph call or a webhook check; answers carry only Meta's ids, the webhook address and whether a token is set.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import { CONNECTION_REASONS } from '@switchboard/shared/connection-reasons';
import {
  type Channel,
  type Connection,
  type CreateConnectionBody,
  DEFAULT_WEBCHAT_COLOR,
  type FacebookConnectBody,
  type MessageTemplate,
} from '@switchboard/shared/contracts/connections';
import type { Plan } from '@switchboard/shared/contracts/plans';
import type { ConnectionContext } from '../../channels/channel-driver.ts';
import { managedPages, subscribePage } from '../../channels/facebook/facebook-pages.ts';
import { GraphError } from '../../channels/graph/graph-client.ts';
import { checkCloudNumber, checkPageToken, type CredentialsCheck } from '../../channels/graph/graph-credentials.ts';
import { cloudSettingsIssues } from '../../channels/whatsapp-cloud/cloud-settings.ts';
import { approvedTemplates } from '../../channels/whatsapp-cloud/cloud-templates.ts';
import { clock, ids } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { logger } from '../../platform/logger.ts';
import { graphAccountKey, graphHookKey, type ConnectionRecord, type GraphSettings } from './connection.entity.ts';
import {
  addConnection,
  announce,
  findConnection,
  forget,
  requireCompanyQueues,
  requireConnection,
  toConnection,
} from './connections.service.ts';
import { getGraphMarker, setGraphConnectionStatus, updateGraphSettings } from './connections.repository.ts';
import { openGraphSecrets, sealGraphSecrets } from './graph-secrets.ts';

/** Why a Graph connection that was working shows DISCONNECTED: Meta refused its token on a call. */
const TOKEN_REFUSED_REASON = `${CONNECTION_REASONS.tokenRefused}: it expired or was revoked`;

type GraphChannel = Extract<Channel, 'whatsappapi' | 'facebook' | 'instagram'>;

/** The spec's ERR_NO_PERMISSION (403), as the route table's plan gates and the WhatsApp session path answer. */
const requirePlanFlag = (plan: Plan, channel: GraphChannel): void => {
  const flag = traitsOf(channel).planFlag;
  if (flag && !plan[flag]) throw new AppError('ERR_NO_PERMISSION', `The plan does not include ${channel} connections`);
};

/** A Graph failure as the admin sees it: a refused token names the field, anything else is Meta's failure. */
const graphFailure = (error: unknown, tokenField: string): never => {
  if (error instanceof GraphError && error.tokenRejected) {
    throw new AppError('ERR_VALIDATION', 'Meta refused the token', {
      fields: [{ path: tokenField, message: 'Meta refused this token' }],
    });
  }
  logger.warn('Graph call failed', { error: error as Error });
  throw new AppError('ERR_GRAPH_REQUEST_FAILED', error instanceof GraphError ? error.message : 'Meta could not be reached');
};

/** The settings a Graph driver sends and fetches with, secrets opened; nothing for a connection that has none. */
export const graphSettingsOf = async (companyId: number, connectionId: number): Promise<GraphSettings | undefined> => {
  const record = await findConnection(companyId, connectionId);
  return record?.graph ? openGraphSecrets(record, record.graph) : undefined;
};

/** A connection as its channel driver works on it: the driver reads its Graph settings only when it calls Meta. */
export const driverConnection = (companyId: number, connectionId: number): ConnectionContext => ({
  companyId,
  connectionId,
  graphSettings: () => graphSettingsOf(companyId, connectionId),
});

/** The connection a Cloud API webhook address belongs to, its secrets opened for the signature and verify checks. */
export const findCloudApiByWebhookKey = async (key: string): Promise<ConnectionRecord | undefined> => {
  const marker = await getGraphMarker(graphHookKey(key));
  const record = marker ? await findConnection(marker.companyId, marker.connectionId) : undefined;
  if (!record || traitsOf(record.channel).graphAccount !== 'phone-number' || record.graph?.webhookKey !== key) return undefined;
  return { ...record, graph: await openGraphSecrets(record, record.graph) };
};

/** The Messenger page or Instagram account connection Meta's platform webhook names. */
export const findGraphAccount = async (
  channel: 'facebook' | 'instagram',
  accountId: string,
): Promise<ConnectionRecord | undefined> => {
  const marker = await getGraphMarker(graphAccountKey(channel, accountId));
  const record = marker ? await findConnection(marker.companyId, marker.connectionId) : undefined;
  return record?.channel === channel ? record : undefined;
};

/** The status a Graph connection shows after Meta's check: CONNECTED only when Meta accepted its credentials. */
const statusAfter = (check: CredentialsCheck): { status: ConnectionRecord['status']; statusReason: string | null } =>
  check.ok ? { status: 'CONNECTED', statusReason: null } : { status: 'DISCONNECTED', statusReason: check.reason };

/** Asks Meta whether a Graph connection's ids and token go together (logged when refused). */
const checkCredentials = async (
  channel: Channel,
  graph: Pick<GraphSettings, 'phoneNumberId' | 'pageId' | 'accessToken'>,
): Promise<CredentialsCheck> => {
  const check =
    traitsOf(channel).graphAccount === 'phone-number'
      ? await checkCloudNumber(graph.phoneNumberId ?? '', graph.accessToken)
      : await checkPageToken(graph.pageId ?? '', graph.accessToken);
  if (!check.ok) logger.warn('Graph credentials refused', { channel, reason: check.reason });
  return check;
};

/**
 * POST /whatsapp with channel `whatsappapi`: the number's settings are checked by its driver, 400 naming each field;
 * then Meta is asked: a number whose credentials Meta refuses is saved DISCONNECTED with Meta's reason, so the
 * admin sees what to fix, and is never shown connected unchecked.
 */
export const createCloudApiConnection = async (auth: AuthContext, body: CreateConnectionBody): Promise<Connection> => {
  const { phoneNumberId, wabaId, accessToken, appSecret, verifyToken, ...fields } = body;
  // the Cloud API driver's own check (validateConfig), without loading the driver into every connections caller
  const issues = cloudSettingsIssues({ phoneNumberId, wabaId, accessToken, appSecret, verifyToken });
  if (issues.length) {
    throw new AppError('ERR_VALIDATION', 'Invalid input', {
      fields: issues.map((i) => ({ path: `body.${i.path}`, message: i.message })),
    });
  }
  await requireCompanyQueues(auth.companyId, fields.queueIds);
  const plan = await auth.plan();
  requirePlanFlag(plan, 'whatsappapi');
  const graph: GraphSettings = {
    phoneNumberId,
    wabaId,
    accessToken: accessToken!,
    appSecret,
    verifyToken,
    webhookKey: ids.token(24),
  };
  const graphFor = (id: number) => sealGraphSecrets({ companyId: auth.companyId, id }, graph);
  const checked = statusAfter(await checkCredentials('whatsappapi', graph));
  const { record, cleared } = await addConnection(
    auth.companyId,
    { ...fields, channel: 'whatsappapi', graphFor, checked },
    plan.connections,
  );
  cleared.forEach(forget);
  await announce(auth.companyId, [record, ...cleared]);
  return toConnection(record);
};

/** A connection name has 2 to 50 characters; Meta's page and account names may not. */
const connectionName = (name: string, fallback: string): string => {
  const trimmed = name.trim().slice(0, 50);
  return trimmed.length >= 2 ? trimmed : fallback;
};

/**
 * A page or Instagram account: created within the plan's limit, or, when this company has it already, given the
 * new token (and CONNECTED again). An account connected by another company is refused: its events reach one.
 */
const upsertAccount = async (
  auth: AuthContext,
  plan: Plan,
  channel: 'facebook' | 'instagram',
  accountId: string,
  name: string,
  graph: GraphSettings,
): Promise<Connection> => {
  const marker = await getGraphMarker(graphAccountKey(channel, accountId));
  if (marker && marker.companyId !== auth.companyId) {
    throw new AppError('ERR_VALIDATION', `The ${channel} account ${accountId} is connected to another company`, {
      fields: [{ path: 'body.facebookUserToken', message: `Account ${accountId} is connected elsewhere` }],
    });
  }
  if (marker) {
    const before = await requireConnection(auth.companyId, marker.connectionId);
    const updatedAt = clock().now().toISOString();
    const stored = { ...before.graph, ...(await sealGraphSecrets(before, graph)) };
    await updateGraphSettings(before, stored, { status: 'CONNECTED', statusReason: null, updatedAt });
    const after: ConnectionRecord = { ...before, graph: stored, status: 'CONNECTED', statusReason: null, updatedAt };
    forget(before);
    await announce(auth.companyId, [after]);
    return toConnection(after);
  }
  requirePlanFlag(plan, channel);
  const { record, cleared } = await addConnection(
    auth.companyId,
    {
      channel,
      name,
      graphFor: (id) => sealGraphSecrets({ companyId: auth.companyId, id }, graph),
      isDefault: false,
      greetingMessage: '',
      complationMessage: '',
      outOfHoursMessage: '',
      queueIds: [],
      color: DEFAULT_WEBCHAT_COLOR,
      timeCreateNewTicket: 0,
    },
    plan.connections,
  );
  cleared.forEach(forget);
  await announce(auth.companyId, [record, ...cleared]);
  return toConnection(record);
};

/**
 * POST /facebook: every page the user manages becomes a Messenger connection with its page token, subscribed to
 * the app's webhook, and its linked Instagram account another connection when asked (and the plan has Instagram).
 */
export const connectFacebookPages = async (auth: AuthContext, body: FacebookConnectBody): Promise<Connection[]> => {
  const plan = await auth.plan();
  requirePlanFlag(plan, 'facebook');
  const pages = await managedPages(body.facebookUserId, body.facebookUserToken).catch((error: unknown) =>
    graphFailure(error, 'body.facebookUserToken'),
  );
  const out: Connection[] = [];
  for (const page of pages) {
    await subscribePage(page.id, page.accessToken).catch((error: unknown) => graphFailure(error, 'body.facebookUserToken'));
    out.push(
      await upsertAccount(auth, plan, 'facebook', page.id, connectionName(page.name, `Facebook ${page.id}`), {
        pageId: page.id,
        accessToken: page.accessToken,
      }),
    );
    if (body.addInstagram && plan.useInstagram && page.instagram) {
      const name = connectionName(page.instagram.name ?? page.name, `Instagram ${page.instagram.id}`);
      out.push(
        await upsertAccount(auth, plan, 'instagram', page.instagram.id, name, {
          pageId: page.id,
          instagramAccountId: page.instagram.id,
          accessToken: page.accessToken,
        }),
      );
    }
  }
  return out;
};

/** The Cloud API connection a caller of this company may use, with its settings. */
const requireCloudApi = async (companyId: number, id: number): Promise<ConnectionRecord & { graph: GraphSettings }> => {
  const record = await requireConnection(companyId, id);
  if (!traitsOf(record.channel).templates || !record.graph?.wabaId) {
    throw new AppError('ERR_VALIDATION', 'Not a WhatsApp Cloud API connection', {
      fields: [{ path: 'params.id', message: 'Not a Cloud API connection' }],
    });
  }
  return record as ConnectionRecord & { graph: GraphSettings };
};

/** The approved templates of a Cloud API number (Meta's list, read each time: approvals change there). */
export const templatesOf = async (companyId: number, connectionId: number): Promise<MessageTemplate[]> => {
  const record = await requireCloudApi(companyId, connectionId);
  const { accessToken } = await openGraphSecrets(record, record.graph);
  try {
    return await approvedTemplates(record.graph.wabaId!, accessToken);
  } catch (error) {
    if (error instanceof GraphError && error.tokenRejected) await markCredentialsRejected(companyId, connectionId);
    throw new AppError('ERR_GRAPH_REQUEST_FAILED', error instanceof GraphError ? error.message : 'Meta could not be reached');
  }
};

/** GET /whatsapp/{id}/templates */
export const listTemplates = (auth: AuthContext, connectionId: number): Promise<MessageTemplate[]> =>
  templatesOf(auth.companyId, connectionId);

/**
 * PUT /whatsapp/{id} with `accessToken`: a Graph connection's new token, checked with Meta first: CONNECTED again when
 * Meta accepts it, DISCONNECTED with Meta's reason otherwise (the token is kept, so the admin sees which one failed).
 */
export const replaceGraphToken = async (auth: AuthContext, id: number, accessToken: string): Promise<void> => {
  const before = await requireConnection(auth.companyId, id);
  if (!before.graph) {
    throw new AppError('ERR_VALIDATION', 'This connection has no token', {
      fields: [{ path: 'body.accessToken', message: 'Not a Graph API connection' }],
    });
  }
  const checked = statusAfter(await checkCredentials(before.channel, { ...before.graph, accessToken }));
  const stored = { ...before.graph, ...(await sealGraphSecrets(before, { accessToken })) };
  await updateGraphSettings(before, stored, { ...checked, updatedAt: clock().now().toISOString() });
  forget(before);
};

/** Meta refused a connection's token: it shows DISCONNECTED until an admin gives a new one. */
export const markCredentialsRejected = async (companyId: number, connectionId: number): Promise<void> => {
  const updatedAt = clock().now().toISOString();
  if (!(await setGraphConnectionStatus(companyId, connectionId, 'DISCONNECTED', updatedAt, TOKEN_REFUSED_REASON))) return;
  const record = await requireConnection(companyId, connectionId).catch(() => undefined);
  if (!record) return;
  forget(record);
  logger.warn('Graph token refused: connection disconnected', { companyId, connectionId });
  await announce(companyId, [record]);
};
