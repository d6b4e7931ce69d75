/**
 * Integrations of a company (spec document 3, entity "Queue integration"; server reference 1.2 steps 17-18, 8.1).
 *
 * Items and access patterns (cid = company id):
 * - integration: pk C#<cid>, sk QINT#<padId>, type 'queueIntegration': the fields below (the integration's own type
 *   as integrationType), timestamps, rev.
 *   - get one by id (the engine reads it by the id a connection, queue, chatbot option or ticket holds).
 *   - the page's list and the lookups, in name order and searched by name prefix:
 *     gsi1pk C#<cid>#QINT, gsi1sk <lowercased name>#<padId> (Query with begins_with).
 * - ids: counter item from nextId(C#<cid>, 'queueIntegration').
 * jsonContent holds a Dialogflow service account (with its private key), sealed with the data key: it never leaves
 * the server whole.
 */
import type { QueueIntegrationType } from '@switchboard/shared/contracts/queue-integrations';
import { companyPk, padId } from '../../platform/table/keys.ts';
import { strip } from '../../platform/table/strip.ts';

export type { QueueIntegrationType };

export interface QueueIntegrationRecord {
  id: number;
  companyId: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string | null;
  /** Dialogflow service-account JSON (secret) */
  jsonContent: string | null;
  language: string | null;
  /** the URL of n8n, webhook and typebot integrations */
  urlN8N: string | null;
  typebotSlug: string | null;
  /** minutes of silence after which a typebot session starts over (default 1) */
  typebotExpires: number;
  /** ms between two typebot messages (default 1000) */
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotUnknownMessage: string | null;
  typebotRestartMessage: string | null;
  createdAt: string;
  updatedAt: string;
  /** bumped on every write; a write conditioned on it loses to a concurrent one instead of overwriting it */
  rev: number;
}

/** The stored item: the table's `type` names the item kind, so the integration's type is kept as integrationType. */
export type QueueIntegrationItem = Omit<QueueIntegrationRecord, 'type'> & {
  pk: string;
  sk: string;
  type: 'queueIntegration';
  integrationType: QueueIntegrationType;
  gsi1pk: string;
  gsi1sk: string;
};

export const nameOf = (name: string): string => name.trim().toLowerCase();

export const queueIntegrationKey = (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `QINT#${padId(id)}` });
export const queueIntegrationsByNamePk = (companyId: number): string => `${companyPk(companyId)}#QINT`;

export const toQueueIntegrationItem = (r: QueueIntegrationRecord): QueueIntegrationItem => {
  const { type, ...rest } = r;
  return {
    ...queueIntegrationKey(r.companyId, r.id),
    ...rest,
    type: 'queueIntegration',
    integrationType: type,
    gsi1pk: queueIntegrationsByNamePk(r.companyId),
    gsi1sk: `${nameOf(r.name)}#${padId(r.id)}`,
  };
};

export const fromQueueIntegrationItem = (item: QueueIntegrationItem): QueueIntegrationRecord => {
  const { integrationType, ...rest } = strip(item);
  return { ...rest, type: integrationType };
};
