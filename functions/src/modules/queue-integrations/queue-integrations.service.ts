/**
 * Integrations (spec document 3 "Integrations (/queue-integration)", entity "Queue integration", sections 5 and 7;
 * server reference 8): list, show, create, change and delete. Rules:
 * - the contract checks the fields each type needs and sets projectName to the name for n8n, webhook, typebot and
 *   flowbuilder (section 5);
 * - jsonContent (a Dialogflow service account with its private key) is stored sealed and never leaves the server: answers carry
 *   JSON_CONTENT_MASK, and the mask sent back on PUT keeps the stored credentials;
 * - a change is announced on `company-{id}-queueIntegration` to the company's admins;
 * - deleting always succeeds, as deleting a queue does: the connections, queues and chatbot options that named the
 *   integration drop it (listeners/integration-references.listener.ts), and a ticket inside it leaves it on its next
 *   message (engine/integration-runtime.ts finds no integration).
 */
import {
  PRIVATE_URL_REFUSED,
  JSON_CONTENT_MASK,
  QUEUE_INTEGRATION_PAGE_SIZE,
  type QueueIntegration,
  type QueueIntegrationBody,
  URL_INTEGRATION_TYPES,
} from '@switchboard/shared/contracts/queue-integrations';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { actorOf } from '../../platform/events/actor.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { literalHostRefusal } from '../../platform/http/tenant-address.ts';
import { tenantUrlPolicy } from '../../platform/http/tenant-fetch.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import type { QueueIntegrationRecord } from './queue-integration.entity.ts';
import {
  deleteQueueIntegrationRecord,
  getQueueIntegrationRecord,
  insertQueueIntegration,
  queryQueueIntegrations,
  replaceQueueIntegration,
} from './queue-integrations.repository.ts';
import { openSecret, sealSecret } from '../../platform/crypto/secret-box.ts';

const now = () => clock().now().toISOString();

/** What a client sees: everything but the credentials, which are only said to exist. */
export const presentQueueIntegration = (r: QueueIntegrationRecord): QueueIntegration => {
  const { rev: _rev, jsonContent, ...rest } = r;
  return { ...rest, jsonContent: jsonContent ? JSON_CONTENT_MASK : null };
};

const changedMeanwhile = () => new AppError('ERR_VALIDATION', 'The integration changed meanwhile; reload and try again');

/** Another company's integration, or an unknown id, is simply not found. */
const requireIntegration = async (auth: AuthContext, id: number): Promise<QueueIntegrationRecord> => {
  const record = await getQueueIntegrationRecord(auth.companyId, id);
  if (!record) throw new AppError('ERR_NOT_FOUND', 'Integration not found');
  return record;
};

/** The integration an engine or another module names by id, if it is the company's. */
export const findQueueIntegration = (companyId: number, id: number): Promise<QueueIntegrationRecord | undefined> =>
  getQueueIntegrationRecord(companyId, id);

/** Checks that an integration a connection, queue or option names is the company's (404 with the field's path). */
export const requireOwnIntegration = async (companyId: number, id: number, path: string): Promise<void> => {
  if (!(await getQueueIntegrationRecord(companyId, id)))
    throw new AppError('ERR_NOT_FOUND', `Unknown integration ${id}`, { fields: [{ path, message: 'ERR_NOT_FOUND' }] });
};

/** Dialogflow credentials are stored sealed with the data key, bound to their integration (platform/crypto/secret-box.ts). */
const credentialsContext = (companyId: number, id: number) => `queueIntegration:${companyId}:${id}:jsonContent`;

/** The plain service account JSON of an integration's stored credentials (null when it has none). */
export const dialogflowCredentialsOf = async (record: QueueIntegrationRecord): Promise<string | null> =>
  record.jsonContent ? openSecret(record.jsonContent, credentialsContext(record.companyId, record.id)) : null;

/** The stored fields of a body; the mask (or nothing, for a type without credentials) keeps what is stored. */
const fieldsOf = async (
  companyId: number,
  id: number,
  body: QueueIntegrationBody,
  stored: QueueIntegrationRecord | undefined,
) => {
  const sent = body.jsonContent?.trim() ?? '';
  const jsonContent =
    body.type !== 'dialogflow'
      ? null
      : sent === JSON_CONTENT_MASK
        ? (stored?.jsonContent ?? null)
        : sent
          ? await sealSecret(sent, credentialsContext(companyId, id))
          : null;
  return {
    type: body.type,
    name: body.name,
    projectName: body.projectName,
    jsonContent,
    language: body.type === 'dialogflow' ? body.language : null,
    urlN8N: body.urlN8N,
    typebotSlug: body.typebotSlug,
    typebotExpires: body.typebotExpires,
    typebotDelayMessage: body.typebotDelayMessage,
    typebotKeywordFinish: body.typebotKeywordFinish,
    typebotKeywordRestart: body.typebotKeywordRestart,
    typebotUnknownMessage: body.typebotUnknownMessage,
    typebotRestartMessage: body.typebotRestartMessage,
  };
};

/** A Dialogflow integration keeps credentials: the mask on a new one (or on one that had none) stands for nothing. */
const requireCredentials = (record: QueueIntegrationRecord) => {
  if (record.type === 'dialogflow' && !record.jsonContent)
    throw new AppError('ERR_VALIDATION', 'Invalid input', { fields: [{ path: 'body.jsonContent', message: 'Required' }] });
};

/**
 * Where private addresses are denied (TENANT_URLS_PRIVATE), a URL naming one outright (an IP literal, localhost) is
 * refused when saved; a name that resolves to one is refused when it is called (platform/http/tenant-fetch.ts).
 */
const requirePublicUrl = (body: QueueIntegrationBody) => {
  if (!body.urlN8N || !URL_INTEGRATION_TYPES.includes(body.type) || tenantUrlPolicy() !== 'deny') return;
  const refusal = literalHostRefusal(new URL(body.urlN8N));
  if (refusal)
    throw new AppError('ERR_VALIDATION', 'Invalid input', {
      fields: [{ path: 'body.urlN8N', message: `${PRIVATE_URL_REFUSED}: ${refusal}` }],
    });
};

/** GET /queueIntegration: the company's integrations in name order, searched by name prefix, by page number. */
export const listQueueIntegrations = async (auth: AuthContext, query: { searchParam?: string; pageNumber: number }) => {
  const page = await queryQueueIntegrations(auth.companyId, {
    prefix: query.searchParam,
    skip: (query.pageNumber - 1) * QUEUE_INTEGRATION_PAGE_SIZE,
    take: QUEUE_INTEGRATION_PAGE_SIZE,
  });
  return { queueIntegrations: page.records.map(presentQueueIntegration), hasMore: page.hasMore };
};

/** The integration as written, presented and announced to the listeners. */
const announce = async (
  auth: AuthContext,
  record: QueueIntegrationRecord,
  change: 'created' | 'updated',
): Promise<QueueIntegration> => {
  const out = presentQueueIntegration(record);
  await domainEvents.emit({
    name: `queueIntegration.${change}`,
    companyId: auth.companyId,
    queueIntegration: out,
    actor: actorOf(auth),
  });
  return out;
};

export const showQueueIntegration = async (auth: AuthContext, id: number): Promise<QueueIntegration> =>
  presentQueueIntegration(await requireIntegration(auth, id));

export const createQueueIntegration = async (auth: AuthContext, body: QueueIntegrationBody): Promise<QueueIntegration> => {
  requirePublicUrl(body);
  const at = now();
  const id = await nextId(companyPk(auth.companyId), 'queueIntegration');
  const record: QueueIntegrationRecord = {
    id,
    companyId: auth.companyId,
    ...(await fieldsOf(auth.companyId, id, body, undefined)),
    createdAt: at,
    updatedAt: at,
    rev: 1,
  };
  requireCredentials(record);
  await insertQueueIntegration(record);
  return announce(auth, record, 'created');
};

export const updateQueueIntegration = async (
  auth: AuthContext,
  id: number,
  body: QueueIntegrationBody,
): Promise<QueueIntegration> => {
  const before = await requireIntegration(auth, id);
  requirePublicUrl(body);
  const after: QueueIntegrationRecord = {
    ...before,
    ...(await fieldsOf(auth.companyId, id, body, before)),
    updatedAt: now(),
    rev: before.rev + 1,
  };
  requireCredentials(after);
  if ((await replaceQueueIntegration(before, after)) === 'stale') throw changedMeanwhile();
  return announce(auth, after, 'updated');
};

/** DELETE /queueIntegration/{id}: always allowed; what named it drops it when the deletion is announced. */
export const deleteQueueIntegration = async (auth: AuthContext, id: number): Promise<{ ok: true }> => {
  const record = await requireIntegration(auth, id);
  if ((await deleteQueueIntegrationRecord(record)) === 'stale') throw changedMeanwhile();
  await domainEvents.emit({
    name: 'queueIntegration.deleted',
    companyId: auth.companyId,
    queueIntegrationId: id,
    actor: actorOf(auth),
  });
  return { ok: true };
};

/** The stored credentials of an integration, for a test session of a saved Dialogflow integration. */
export const storedCredentialsOf = async (companyId: number, id: number): Promise<string | null | undefined> => {
  const record = await getQueueIntegrationRecord(companyId, id);
  return record ? dialogflowCredentialsOf(record) : undefined;
};
