import type { ChatImportFrame, Contact } from './contracts/contacts.ts';
import type { Message } from './contracts/messages.ts';
import type { Ticket, TicketStatus } from './contracts/tickets.ts';
import type { CompanySettingsEvent } from './contracts/company-settings.ts';
import type { CompanySettings } from './contracts/settings.ts';
import type {
  ConnectionAlertEvent,
  ConnectionEvent,
  ImportMessagesEvent,
  WhatsappSessionEvent,
} from './contracts/connections.ts';
import type { FileListEvent } from './contracts/files.ts';
import type { PaymentEvent } from './contracts/invoices.ts';
import type { QueueEvent } from './contracts/queues.ts';
import type { QuickMessageEvent } from './contracts/quick-messages.ts';
import type { ScheduleEvent } from './contracts/schedules.ts';
import type { TagEvent } from './contracts/tags.ts';
import type { UserEvent } from './contracts/users.ts';
import type { AnnouncementEvent } from './contracts/announcements.ts';
import type { CampaignEvent, CampaignSettings } from './contracts/campaigns.ts';
import type { Chat, ChatMessage } from './contracts/chats.ts';
import type { ContactListEvent, ContactListItemEvent } from './contracts/contact-lists.ts';
import type { QueueIntegrationEvent } from './contracts/queue-integrations.ts';
import type { PromptEvent } from './contracts/prompts.ts';

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
  /** a WhatsApp chat import (POST /contacts/import/chats) ended: how many contacts it created, admins only */
  chatImport: (companyId: number) => `company-${companyId}-chatImport`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  /** one internal chat's frames, to its members (server reference 11) */
  chatRoom: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}`,
  /** the chats of one user, created or changed (server reference 11) */
  chatUser: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}`,
  /** no dash after "company", as in the reference */
  schedule: (companyId: number) => `company${companyId}-schedule`,
  /** spelled as the spec gives it (document 3 section 7) */
  quickMessage: (companyId: number) => `company-${companyId}-quickemessage`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  /** company options changed (server reference 11) */
  settings: (companyId: number) => `company-${companyId}-settings`,
  /** no dash after "company", as in the reference (section 11) */
  file: (companyId: number) => `company${companyId}-file`,
  /** tags and kanban lanes created, changed or deleted; no dash after "company", as in the reference (section 11) */
  tag: (companyId: number) => `company${companyId}-tag`,
  /** the super user's announcements changed: one channel name for every company (spec document 3 section 7) */
  announcement: () => 'company-announcement',
  /** a payment was confirmed and the due date moved (spec document 2 section 7, action CONCLUIDA) */
  payment: (companyId: number) => `company-${companyId}-payment`,
  /** the companies table changed (one created, edited, deleted, paid or deactivated): told to the super users only */
  platformCompanies: () => 'platform-companies',
  /** campaigns (server reference 6.1 and 11) */
  campaign: (companyId: number) => `company-${companyId}-campaign`,
  campaignSettings: (companyId: number) => `company-${companyId}-campaignSettings`,
  /** contact lists (spec document 3 section 7, capitalised as given) */
  contactList: (companyId: number) => `company-${companyId}-ContactList`,
  contactListItem: (companyId: number) => `company-${companyId}-ContactListItem`,
  /** integrations (spec document 3 section 7) */
  queueIntegration: (companyId: number) => `company-${companyId}-queueIntegration`,
  /** AI prompts (spec document 3 section 7) */
  prompt: (companyId: number) => `company-${companyId}-prompt`,
} as const;

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
// What happened, named `<noun>.<past-verb>`. Services record them (functions/src/platform/events); listeners in
// functions/src/listeners turn them into side effects, the realtime frames above among them.

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

/**
 * Something of a company that its agents keep on screen changed (a record created, changed or deleted, a session's
 * state). `change` is what the screens are told: the data of the realtime frame as the web client reads it.
 */
export interface CompanyChange<T> {
  companyId: number;
  change: T;
  /** the user who made the change, when a person made it (the audit log records those); absent for system changes */
  actor?: ChangeActor;
}

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
  'contact.chatsImported': CompanyChange<ChatImportFrame>;
  'schedule.changed': CompanyChange<ScheduleEvent>;
  /** `endedSessionId`: the session the change ended (a password set by someone else), whose sockets close */
  'user.changed': CompanyChange<UserEvent> & { endedSessionId?: string };
  /** a user was created without a password of their own (a company's first admin, made by the super user): they choose one */
  'user.invited': { companyId: number; userId: number };
  'session.replaced': SessionReplacement;
  'queue.changed': CompanyChange<QueueEvent>;
  /** a connection was added, changed (settings, default, status) or deleted */
  'connection.changed': CompanyChange<ConnectionEvent>;
  /** an import of a WhatsApp connection's old messages went on, or ended */
  'connection.importProgressed': CompanyChange<ImportMessagesEvent>;
  /** a WhatsApp session's state, QR code or retries changed */
  'whatsappSession.changed': CompanyChange<WhatsappSessionEvent>;
  /** a WhatsApp session that was open went down (once per outage) */
  'whatsappSession.dropped': CompanyChange<ConnectionAlertEvent>;
  'fileList.changed': CompanyChange<FileListEvent>;
  /** company options changed (`change.keys`, the frame); `values` are what they were set to */
  'settings.changed': CompanyChange<CompanySettingsEvent> & { values: Partial<CompanySettings> };
  'quickMessage.changed': CompanyChange<QuickMessageEvent>;
  /** a tag or kanban lane was created, changed or deleted */
  'tag.changed': CompanyChange<TagEvent>;
  /** the super user created, changed or deleted an announcement: every company's agents are told */
  'announcement.changed': { change: AnnouncementEvent };
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
  /** an invoice's payment was confirmed by the payment provider and the company's due date moved */
  'payment.confirmed': CompanyChange<PaymentEvent>;
  /** a campaign was created, changed (fields, status, counts) or deleted */
  'campaign.changed': CompanyChange<CampaignEvent>;
  /** the company's campaign settings were saved */
  'campaignSettings.changed': CompanyChange<{ action: 'update'; settings: CampaignSettings }>;
  /** a contact list was created, renamed, deleted, or its counts or import changed */
  'contactList.changed': CompanyChange<ContactListEvent>;
  /** a contact list item was added, changed (its WhatsApp check too) or deleted */
  'contactListItem.changed': CompanyChange<ContactListItemEvent>;
  /** a conversation flow was deleted: what names it (connections' standard flows, phrase campaigns) lets it go */
  'flow.deleted': { companyId: number; flowId: number };
  /** an integration was created, changed or deleted */
  'queueIntegration.changed': CompanyChange<QueueIntegrationEvent>;
  /** an AI prompt was created, changed or deleted */
  'prompt.changed': CompanyChange<PromptEvent>;
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
