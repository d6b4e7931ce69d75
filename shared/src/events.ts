import type { User } from './contracts/auth.ts';
import type { Contact } from './contracts/contacts.ts';
import type { Message } from './contracts/messages.ts';
import type { Ticket, TicketStatus } from './contracts/tickets.ts';
import type { CompanySettings } from './contracts/settings.ts';
import type { ConnectionEvent, ConnectionStatus, WhatsappSessionEvent } from './contracts/connections.ts';
import type { FileList } from './contracts/files.ts';
import type { QueueDetails } from './contracts/queues.ts';
import type { QuickMessage } from './contracts/quick-messages.ts';
import type { Schedule } from './contracts/schedules.ts';
import type { Tag } from './contracts/tags.ts';
import type { Campaign, CampaignSettings } from './contracts/campaigns.ts';
import type { Chat, ChatMessage } from './contracts/chats.ts';
import type { ContactList, ContactListItem } from './contracts/contact-lists.ts';
import type { QueueIntegration } from './contracts/queue-integrations.ts';
import type { Prompt } from './contracts/prompts.ts';
import type { CompanyOptionKey } from './company-options.ts';
import type { ChannelKind, ChannelName } from './realtime-frames.ts';

/**
 * Realtime wire format: the channel names the spec gives, each typed by its kind so that its frame data is the one
 * `RealtimeFrames` (realtime-frames.ts) gives. The realtime listeners publish on them; the publisher resolves
 * recipients (company, then audience filters) and posts `{ event, data }` frames to their connections.
 */
export const channels = {
  auth: (companyId: number) => `company-${companyId}-auth` as ChannelName<'auth'>,
  ticket: (companyId: number) => `company-${companyId}-ticket` as ChannelName<'ticket'>,
  appMessage: (companyId: number) => `company-${companyId}-appMessage` as ChannelName<'appMessage'>,
  contact: (companyId: number) => `company-${companyId}-contact` as ChannelName<'contact'>,
  user: (companyId: number) => `company-${companyId}-user` as ChannelName<'user'>,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp` as ChannelName<'whatsapp'>,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession` as ChannelName<'whatsappSession'>,
  /** a WhatsApp session that was open dropped: told to the company's admins once per outage */
  connectionAlert: (companyId: number) => `company-${companyId}-connectionAlert` as ChannelName<'connectionAlert'>,
  /** progress of a WhatsApp connection's import of old messages (spec document 2 section 7), admins only */
  importMessages: (companyId: number) => `importMessages-${companyId}` as ChannelName<'importMessages'>,
  /** a WhatsApp chat import (POST /contacts/import/chats) ended: how many contacts it created, admins only */
  chatImport: (companyId: number) => `company-${companyId}-chatImport` as ChannelName<'chatImport'>,
  chat: (companyId: number) => `company-${companyId}-chat` as ChannelName<'chat'>,
  /** one internal chat's frames, to its members (server reference 11) */
  chatRoom: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}` as ChannelName<'chatRoom'>,
  /** the chats of one user, created or changed (server reference 11) */
  chatUser: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}` as ChannelName<'chatUser'>,
  /** no dash after "company", as in the reference */
  schedule: (companyId: number) => `company${companyId}-schedule` as ChannelName<'schedule'>,
  /** spelled as the spec gives it (document 3 section 7) */
  quickMessage: (companyId: number) => `company-${companyId}-quickemessage` as ChannelName<'quickMessage'>,
  queue: (companyId: number) => `company-${companyId}-queue` as ChannelName<'queue'>,
  /** company options changed (server reference 11) */
  settings: (companyId: number) => `company-${companyId}-settings` as ChannelName<'settings'>,
  /** no dash after "company", as in the reference (section 11) */
  file: (companyId: number) => `company${companyId}-file` as ChannelName<'file'>,
  /** tags and kanban lanes created, changed or deleted; no dash after "company", as in the reference (section 11) */
  tag: (companyId: number) => `company${companyId}-tag` as ChannelName<'tag'>,
  /** the super user's announcements changed: one channel name for every company (spec document 3 section 7) */
  announcement: () => 'company-announcement' as ChannelName<'announcement'>,
  /** a payment was confirmed and the due date moved (spec document 2 section 7, action CONCLUIDA) */
  payment: (companyId: number) => `company-${companyId}-payment` as ChannelName<'payment'>,
  /** the companies table changed (one created, edited, deleted, paid or deactivated): told to the super users only */
  platformCompanies: () => 'platform-companies' as ChannelName<'platformCompanies'>,
  /** campaigns (server reference 6.1 and 11) */
  campaign: (companyId: number) => `company-${companyId}-campaign` as ChannelName<'campaign'>,
  campaignSettings: (companyId: number) => `company-${companyId}-campaignSettings` as ChannelName<'campaignSettings'>,
  /** contact lists (spec document 3 section 7, capitalised as given) */
  contactList: (companyId: number) => `company-${companyId}-ContactList` as ChannelName<'contactList'>,
  contactListItem: (companyId: number) => `company-${companyId}-ContactListItem` as ChannelName<'contactListItem'>,
  /** integrations (spec document 3 section 7) */
  queueIntegration: (companyId: number) => `company-${companyId}-queueIntegration` as ChannelName<'queueIntegration'>,
  /** AI prompts (spec document 3 section 7) */
  prompt: (companyId: number) => `company-${companyId}-prompt` as ChannelName<'prompt'>,
} as const satisfies { [K in ChannelKind]: (...ids: number[]) => ChannelName<K> };

/** A frame sent to a WebSocket client. */
export interface RealtimeFrame<T = unknown> {
  event: string;
  data: T;
}

/** `platform-companies`: which company's row to read again (`update` also for a payment, a deactivation, its media). */
export interface PlatformCompaniesData {
  action: 'create' | 'update' | 'delete';
  companyId: number;
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

// ----- domain events -----
// What happened, named `<noun>.<past-verb>`, with the domain's data (the record as it is now, or the id of the one
// deleted, and who did it). Services record them (functions/src/platform/events); listeners in functions/src/listeners
// turn them into side effects. Only the realtime listeners speak in frames: they build the `RealtimeFrames` from these.

/** The fields of a ticket that decide which agents may see it. */
export interface TicketAudience {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/** A ticket was created or changed. */
export interface TicketChange {
  companyId: number;
  /** the ticket as it is now, with its contact, as the lists show it */
  ticket: Ticket;
  /** it left a tab (status, user or queue changed): inboxes drop it before the update re-files it */
  moved?: boolean;
  /** who could see it before the change, when it moved */
  before?: TicketAudience;
  /** the contact's number as agents who are not admins may see it, when the privacy settings mask it */
  maskedNumber?: string;
  /** the ticket's stored version: grows with every change, so a listener can tell an older or repeated change */
  version?: number;
  /**
   * the change kept the ticket's status and agent (set only when the emitter knew the ticket as it was before):
   * what counts tickets by status and agent (the dashboard) has nothing to do
   */
  sameHolder?: true;
}

/**
 * An agent's change of a ticket that implies messages, in the order they go: the farewell or the rating question to
 * the customer and the transfer's message ('text', on behalf of the system or the agent), the transfer's private
 * note ('note'). `ticketId`: the ticket each goes to (a transfer that closes the ticket continues in a new one).
 */
export interface TicketTransition {
  companyId: number;
  sends: (
    | { kind: 'text'; ticketId: number; text: string; userName: string; userId: number | null }
    | { kind: 'note'; ticketId: number; text: string; userId: number }
  )[];
}

export interface TicketRemoval {
  companyId: number;
  ticketId: number;
  /** who may see the ticket */
  audience: TicketAudience;
}

/** A message was stored, changed or deleted in a ticket. */
export interface MessageChange {
  companyId: number;
  message: Message;
  /** its ticket with the contact as the lists show it (also who may see the message) */
  ticket: Ticket;
  contact: Pick<Contact, 'id' | 'name' | 'urlPicture'> | null;
}

export interface ContactChange {
  companyId: number;
  contact: Contact;
  /** the number as agents who are not admins may see it, when the privacy settings mask it */
  maskedNumber?: string;
}

/** Who made a change: a user, possibly of another company (the super user acting on a company). */
export interface ChangeActor {
  id: number;
  name: string;
}

/** A change to one of a company's records; `actor` is the user who made it when a person did (the audit log records those). */
export interface CompanyRecordChange {
  companyId: number;
  actor?: ChangeActor;
}

/** A record created or updated: `K` names it and holds it as it is now. */
type Saved<K extends string, T> = CompanyRecordChange & { [P in K]: T };
/** A record deleted: `K` holds its id. */
type Deleted<K extends string> = CompanyRecordChange & { [P in K]: number };

/** A connection as its lists and the menu badge show it (clients read the details over HTTP). */
export type ConnectionSummary = Extract<ConnectionEvent, { action: 'update' }>['whatsapp'];

/** A WhatsApp session's state; an empty qrcode is one no longer offered. */
export type WhatsappSessionState = WhatsappSessionEvent['session'];

/** A user signed in elsewhere: `sessionId`, their earlier session, has ended. */
export interface SessionReplacement {
  companyId: number;
  userId: number;
  sessionId: string;
}

/** A customer rated the agent of a ticket (NPS, server reference 2.8); a ticket is rated once. */
export interface RatingChange {
  companyId: number;
  ticketId: number;
  userId: number | null;
  queueId: number | null;
  /** 0..10 */
  rate: number;
  createdAt: string;
}

/** An internal chat was created, changed (title, members, read) or got a message; `chat` is as it is now. */
export interface ChatChange {
  companyId: number;
  chat: Chat;
  /** members the change took out of the chat: they are told it is gone for them */
  removedUserIds?: number[];
}

export interface ChatMessageChange {
  companyId: number;
  message: ChatMessage;
  chat: Chat;
}

export interface DomainEventPayloads {
  'ticket.created': TicketChange;
  'ticket.updated': TicketChange;
  'ticket.closed': TicketChange;
  'ticket.reopened': TicketChange;
  /** the first-response target of the ticket's queue ran out before an agent answered */
  'ticket.firstResponseOverdue': Omit<TicketChange, 'moved' | 'before' | 'maskedNumber'>;
  /** an agent's change of the ticket implies messages (farewell, rating question, transfer note and message) */
  'ticket.transitioned': TicketTransition;
  /** an agent read its unread messages */
  'ticket.read': TicketRemoval;
  'ticket.deleted': TicketRemoval;
  /** a customer's message was stored */
  'message.received': MessageChange;
  /** our side's message was stored (an agent's, the system's, or one sent from the phone) */
  'message.sent': MessageChange;
  /** a message's body, ack, media or send state changed */
  'message.updated': MessageChange;
  /** our send could not go yet (its channel is down, or a transient error): it is tried again; `reason` says why */
  'message.deferred': MessageChange & { reason: string };
  'message.deleted': MessageChange;
  'contact.created': ContactChange;
  'contact.updated': ContactChange;
  'contact.deleted': { companyId: number; contactId: number };
  /** the people of a WhatsApp session's chats were taken in as contacts (POST /contacts/import/chats) */
  'contact.chatsImported': { companyId: number; connectionId: number; created: number; total: number };
  'schedule.created': Saved<'schedule', Schedule>;
  'schedule.updated': Saved<'schedule', Schedule>;
  'schedule.deleted': Deleted<'scheduleId'>;
  'user.created': Saved<'user', User>;
  /** `endedSessionId`: the session the change ended (a password set by someone else), whose sockets close */
  'user.updated': Saved<'user', User> & { endedSessionId?: string };
  'user.deleted': Deleted<'userId'>;
  /** a user was created without a password of their own (a company's first admin, made by the super user): they choose one */
  'user.invited': { companyId: number; userId: number };
  'session.replaced': SessionReplacement;
  'queue.created': Saved<'queue', QueueDetails>;
  'queue.updated': Saved<'queue', QueueDetails>;
  'queue.deleted': Deleted<'queueId'>;
  /** a connection was added or changed (settings, default, status) */
  'connection.saved': Saved<'connection', ConnectionSummary>;
  'connection.deleted': Deleted<'connectionId'>;
  /**
   * an import of a WhatsApp connection's old messages went on (`progress`: messages taken in of those found so far),
   * or, without `progress`, ended or had its tickets closed
   */
  'connection.importProgressed': { companyId: number; connectionId: number; progress?: { done: number; total: number } };
  /** a WhatsApp session's state, QR code or retries changed */
  'whatsappSession.updated': { companyId: number; session: WhatsappSessionState };
  /** a WhatsApp session that was open went down (once per outage); `reason` as the session told it */
  'whatsappSession.dropped': {
    companyId: number;
    connection: { id: number; name: string };
    status: ConnectionStatus;
    reason: string | null;
    at: string;
  };
  'fileList.created': Saved<'fileList', FileList>;
  'fileList.updated': Saved<'fileList', FileList>;
  'fileList.deleted': Deleted<'fileListId'>;
  /** company options changed: `keys` name them, `values` are what they were set to */
  'settings.updated': CompanyRecordChange & { keys: CompanyOptionKey[]; values: Partial<CompanySettings> };
  'quickMessage.created': Saved<'quickMessage', QuickMessage>;
  'quickMessage.updated': Saved<'quickMessage', QuickMessage>;
  'quickMessage.deleted': Deleted<'quickMessageId'>;
  /** a tag or kanban lane was created, changed or deleted */
  'tag.created': Saved<'tag', Tag>;
  'tag.updated': Saved<'tag', Tag>;
  'tag.deleted': Deleted<'tagId'>;
  /** the super user created, changed or deleted an announcement: every company's agents are told */
  'announcement.created': { announcementId: number };
  'announcement.updated': { announcementId: number };
  'announcement.deleted': { announcementId: number };
  /** a customer's NPS answer was recorded */
  'rating.created': RatingChange;
  /** internal chat: a chat was created, changed (title, members) or read by a member */
  'chat.created': ChatChange;
  'chat.updated': ChatChange;
  'chat.read': ChatChange;
  /** internal chat: `memberIds` are who was in it */
  'chat.deleted': { companyId: number; chatId: number; memberIds: number[] };
  'chatMessage.created': ChatMessageChange;
  'chatMessage.updated': ChatMessageChange;
  'chatMessage.deleted': ChatMessageChange;
  /** an invoice's payment was confirmed by the payment provider and the company's due date moved to `dueDate` */
  'payment.confirmed': { companyId: number; invoiceId: number; dueDate: string };
  /** a campaign was created, changed (fields, status, counts) or deleted */
  'campaign.created': Saved<'campaign', Campaign>;
  'campaign.updated': Saved<'campaign', Campaign>;
  'campaign.deleted': Deleted<'campaignId'>;
  /** the company's campaign settings were saved */
  'campaignSettings.updated': Saved<'settings', CampaignSettings>;
  /** a contact list was created, renamed, deleted, or its counts or import changed */
  'contactList.created': Saved<'contactList', ContactList>;
  'contactList.updated': Saved<'contactList', ContactList>;
  'contactList.deleted': Deleted<'contactListId'>;
  /** a contact list item was added, changed (its WhatsApp check too) or deleted */
  'contactListItem.created': Saved<'item', ContactListItem>;
  'contactListItem.updated': Saved<'item', ContactListItem>;
  'contactListItem.deleted': Deleted<'itemId'> & { contactListId: number };
  /** a conversation flow was deleted: what names it (connections' standard flows, phrase campaigns) lets it go */
  'flow.deleted': { companyId: number; flowId: number };
  /** an integration was created, changed or deleted */
  'queueIntegration.created': Saved<'queueIntegration', QueueIntegration>;
  'queueIntegration.updated': Saved<'queueIntegration', QueueIntegration>;
  'queueIntegration.deleted': Deleted<'queueIntegrationId'>;
  /** an AI prompt was created, changed or deleted */
  'prompt.created': Saved<'prompt', Prompt>;
  'prompt.updated': Saved<'prompt', Prompt>;
  'prompt.deleted': Deleted<'promptId'>;
  /**
   * a company was deactivated (its invoice unpaid past the grace days, or by the super user) or made active again
   * (by the super user; a payment tells it with payment.confirmed)
   */
  'company.statusChanged': { companyId: number; active: boolean; reason: 'unpaid' | 'admin' };
  /** the super user created, edited or deleted a company (its row in the companies table changed) */
  'company.changed': { companyId: number; action: 'create' | 'update' | 'delete' };
}

export type DomainEventName = keyof DomainEventPayloads;
export type DomainEvent<N extends DomainEventName = DomainEventName> = { [K in N]: { name: K } & DomainEventPayloads[K] }[N];
