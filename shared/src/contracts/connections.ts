/**
 * Connections (channels) of a company: spec document 2, "Connections page", sections 3 to 9. The connection
 * itself (`connection`) is in inbox.ts, next to the summaries the inbox shows.
 */
import { z } from 'zod';
import { idParam } from './common.ts';
import type { Channel, ConnectionStatus } from './inbox.ts';

/**
 * Channels a connection can be created for on this deployment: those with a working driver. WhatsApp, the
 * Cloud API, Facebook and Instagram join this list (with their own fields) when their drivers arrive.
 */
export const creatableChannels = ['webchat'] as const satisfies readonly Channel[];
export type CreatableChannel = (typeof creatableChannels)[number];

/** Section 5: a connection's name has 2 to 50 characters. */
export const CONNECTION_NAME_MIN = 2;
export const CONNECTION_NAME_MAX = 50;
/** Section 9: a connection token has 30 generated characters. */
export const CONNECTION_TOKEN_LENGTH = 30;
export const CONNECTION_MESSAGE_MAX = 4000;
/** Minutes; a month at most. */
export const TIME_CREATE_NEW_TICKET_MAX = 43_200;
export const DEFAULT_WEBCHAT_COLOR = '#2563eb';

const name = z
  .string({ error: 'Required' })
  .trim()
  .min(CONNECTION_NAME_MIN, 'Too Short!')
  .max(CONNECTION_NAME_MAX, 'Too Long!');
const message = z.string().max(CONNECTION_MESSAGE_MAX, 'Too Long!');
const queueIds = z
  .array(z.number().int().positive())
  .max(100)
  .transform((ids) => [...new Set(ids)]);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour');
const timeCreateNewTicket = z.number().int().min(0).max(TIME_CREATE_NEW_TICKET_MAX);

export const createConnectionBody = z.object({
  channel: z.enum(creatableChannels),
  name,
  /** making a connection the default takes the flag from the company's other default */
  isDefault: z.boolean().default(false),
  greetingMessage: message.default(''),
  complationMessage: message.default(''),
  outOfHoursMessage: message.default(''),
  queueIds: queueIds.default([]),
  /** the web chat widget's colour */
  color: color.default(DEFAULT_WEBCHAT_COLOR),
  timeCreateNewTicket: timeCreateNewTicket.default(0),
});
export type CreateConnectionBody = z.infer<typeof createConnectionBody>;

/** Only the fields sent change; `regenerateToken` replaces the token with a new one (the old one stops working). */
export const updateConnectionBody = z.object({
  name: name.optional(),
  isDefault: z.boolean().optional(),
  greetingMessage: message.optional(),
  complationMessage: message.optional(),
  outOfHoursMessage: message.optional(),
  queueIds: queueIds.optional(),
  color: color.optional(),
  timeCreateNewTicket: timeCreateNewTicket.optional(),
  regenerateToken: z.literal(true).optional(),
});
export type UpdateConnectionBody = z.infer<typeof updateConnectionBody>;

export const connectionIdParams = z.object({ id: idParam });

/** The realtime frames of `company-{id}-whatsapp` (small: clients read the details over HTTP). */
export type ConnectionEvent =
  | {
      action: 'update';
      whatsapp: { id: number; name: string; channel: Channel; status: ConnectionStatus; isDefault: boolean; updatedAt: string };
    }
  | { action: 'delete'; whatsappId: number };
