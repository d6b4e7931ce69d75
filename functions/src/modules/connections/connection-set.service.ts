/**
 * The company's set of connections: adding one within the plan's limit with exactly one default, and what every
 * change tells the agents. Kept apart from the session commands so that creating a company (signup) does not
 * carry the WhatsApp fleet's code or its queue.
 */
import { traitsOf } from '@switchboard/shared/channel-traits';
import type { ChangeActor, ConnectionSummary } from '@switchboard/shared/events';
import {
  connectionEngineDefaults,
  DEFAULT_WEBCHAT_COLOR,
  type CreatableChannel,
} from '@switchboard/shared/contracts/connections';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import { nextId } from '../../platform/table/counter.repository.ts';
import { companyPk } from '../../platform/table/keys.ts';
import { findQueues } from '../queues/queues.service.ts';
import { newConnectionToken, type ConnectionRecord, type ConnectionSettings, type GraphSettings } from './connection.entity.ts';
import { insertConnection, readConnectionSet } from './connections.repository.ts';
import { newSessionItems } from './whatsapp-session.repository.ts';

/** Tries a change again when another one got in between its read and its write. */
export const ATTEMPTS = 3;
export const changedMeanwhile = () => new AppError('ERR_VALIDATION', 'The connections changed meanwhile; reload and try again');

/** A connection as its lists and the menu badge show it. */
export const summaryOf = (r: ConnectionRecord): ConnectionSummary => ({
  id: r.id,
  name: r.name,
  channel: r.channel,
  status: r.status,
  isDefault: r.isDefault,
  updatedAt: r.updatedAt,
});

/** Records that the connections were added or changed (the company's agents' lists and menu badge follow). */
export const announce = async (companyId: number, saved: ConnectionRecord[], actor?: ChangeActor): Promise<void> => {
  for (const r of saved) await domainEvents.emit({ name: 'connection.saved', companyId, connection: summaryOf(r), actor });
};

export const requireCompanyQueues = async (companyId: number, queueIds: number[]): Promise<void> => {
  if (queueIds.length === 0) return;
  const known = await findQueues(companyId, queueIds);
  const unknown = queueIds.filter((id) => !known.has(id));
  if (unknown.length) {
    throw new AppError('ERR_VALIDATION', 'Unknown queue', {
      fields: [{ path: 'body.queueIds', message: `Unknown queue ${unknown[0]}` }],
    });
  }
};

/** Groups start off (allowGroup false, groupAsTicket disabled); an admin turns them on by editing. */
type NewConnection = Omit<ConnectionSettings, 'allowGroup' | 'groupAsTicket'> & {
  channel: CreatableChannel | 'facebook' | 'instagram';
  /** a Graph connection's settings as stored: their secrets are sealed bound to the id, which is known only here */
  graphFor?: (id: number) => Promise<GraphSettings>;
  /** a Graph connection's status as Meta's check of its credentials left it, with the reason of a refusal */
  checked?: { status: ConnectionRecord['status']; statusReason: string | null };
};

/** Adds a connection within `limit`; it is the default when asked or when the company has no default. */
export const addConnection = async (companyId: number, { graphFor, checked, ...input }: NewConnection, limit?: number) => {
  let id: number | undefined;
  let graph: GraphSettings | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const set = await readConnectionSet(companyId);
    if (limit !== undefined && set.connections.length >= limit) {
      throw new AppError('ERR_CONNECTION_LIMIT_REACHED', `maximum connections reached: ${limit}`, { details: { limit } });
    }
    id ??= await nextId(companyPk(companyId), 'connection');
    graph ??= await graphFor?.(id);
    const defaults = set.connections.filter((c) => c.isDefault);
    const isDefault = input.isDefault || defaults.length === 0;
    const now = clock().now().toISOString();
    const record: ConnectionRecord = {
      // the engine's fields are written with their defaults, so the item says what the engine will do
      ...connectionEngineDefaults,
      schedules: [],
      ...input,
      ...(graph ? { graph } : {}),
      id,
      companyId,
      isDefault,
      // a web chat runs as soon as it exists; a WhatsApp session opens in the connector; a Graph channel is as checked
      status: checked?.status ?? (traitsOf(input.channel).qrSession ? 'OPENING' : 'CONNECTED'),
      ...(checked ? { statusReason: checked.statusReason } : {}),
      allowGroup: false,
      groupAsTicket: 'disabled',
      token: newConnectionToken(),
      // a web chat's widget has a public key of its own: the API token above stays secret
      ...(traitsOf(input.channel).widgetKey ? { widgetKey: newConnectionToken() } : {}),
      createdAt: now,
      updatedAt: now,
    };
    const cleared = isDefault ? defaults : [];
    const session = traitsOf(input.channel).qrSession ? newSessionItems(companyId, id, now) : [];
    if ((await insertConnection(record, { rev: set.rev, clearDefault: cleared.map((c) => c.id) }, session)) === 'ok') {
      return { record, cleared: cleared.map((c) => ({ ...c, isDefault: false, updatedAt: now })) };
    }
  }
  throw changedMeanwhile();
};

/** The web chat every new company starts with (and test setups add); no plan limit applies. */
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
  const { record } = await addConnection(companyId, {
    channel: 'webchat',
    name: input.name,
    isDefault: input.isDefault ?? true,
    greetingMessage: input.greetingMessage ?? '',
    complationMessage: input.complationMessage ?? '',
    outOfHoursMessage: '',
    queueIds: input.queueIds,
    color: input.color ?? DEFAULT_WEBCHAT_COLOR,
    timeCreateNewTicket: input.timeCreateNewTicket ?? 0,
  });
  return record;
};
