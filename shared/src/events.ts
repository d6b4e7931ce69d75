/**
 * Realtime wire format: the channel names the spec gives. Domain code publishes one of these; the publisher
 * resolves recipients (company, then audience filters) and posts `{ event, data }` frames to their connections.
 */
export const channels = {
  auth: (companyId: number) => `company-${companyId}-auth`,
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  user: (companyId: number) => `company-${companyId}-user`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  /** a WhatsApp session that was open dropped: told to the company's admins once per outage */
  connectionAlert: (companyId: number) => `company-${companyId}-connectionAlert`,
  /** progress of a WhatsApp connection's import of old messages (spec document 2 section 7), admins only */
  importMessages: (companyId: number) => `importMessages-${companyId}`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  /** no dash after "company", as in the reference */
  schedule: (companyId: number) => `company${companyId}-schedule`,
  /** spelled as the spec gives it (document 3 section 7) */
  quickMessage: (companyId: number) => `company-${companyId}-quickemessage`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  /** company options changed (server reference 11) */
  settings: (companyId: number) => `company-${companyId}-settings`,
  /** no dash after "company", as in the reference (section 11) */
  file: (companyId: number) => `company${companyId}-file`,
} as const;

/** A frame sent to a WebSocket client. */
export interface RealtimeFrame<T = unknown> {
  event: string;
  data: T;
}

/** Sent to the earlier browser of a user who signed in elsewhere. */
export interface SessionReplacedData {
  action: 'sessionReplaced';
  userId: number;
}

/** Messages a client sends over the socket (spec document 1, "Live updates and session"). */
export const clientActions = [
  'joinNotification',
  'leaveNotification',
  'joinTickets',
  'leaveTickets',
  'joinChatBox',
  'leaveChatBox',
  'userStatus',
  'ping',
] as const;
export type ClientAction = (typeof clientActions)[number];

export interface ClientMessage {
  action: ClientAction;
  /** room argument: a ticket status for joinTickets, a ticket id for joinChatBox */
  data?: string | number;
}

/** Spec constants of the realtime client. */
export const REALTIME_RECONNECT_MS = 1000;
export const USER_STATUS_INTERVAL_MS = 300000;
