/**
 * The data of the realtime frames, one type per channel of `channels` (events.ts): the realtime listeners build
 * values of these types and the web client reads them by the channel it subscribed to, so both read one definition.
 */
import type { AnnouncementEvent } from './contracts/announcements.ts';
import type { CampaignEvent, CampaignSettings } from './contracts/campaigns.ts';
import type { ChatCompanyEvent, ChatRoomEvent, ChatUserEvent } from './contracts/chats.ts';
import type { CompanySettingsEvent } from './contracts/company-settings.ts';
import type {
  ConnectionAlertEvent,
  ConnectionEvent,
  ImportMessagesEvent,
  WhatsappSessionEvent,
} from './contracts/connections.ts';
import type { ContactListEvent, ContactListItemEvent } from './contracts/contact-lists.ts';
import type { ChatImportFrame, Contact } from './contracts/contacts.ts';
import type { FileListEvent } from './contracts/files.ts';
import type { PaymentEvent } from './contracts/invoices.ts';
import type { Message } from './contracts/messages.ts';
import type { PromptEvent } from './contracts/prompts.ts';
import type { QueueIntegrationEvent } from './contracts/queue-integrations.ts';
import type { QueueEvent } from './contracts/queues.ts';
import type { QuickMessageEvent } from './contracts/quick-messages.ts';
import type { ScheduleEvent } from './contracts/schedules.ts';
import type { TagEvent } from './contracts/tags.ts';
import type { Ticket } from './contracts/tickets.ts';
import type { UserEvent } from './contracts/users.ts';
import type { PlatformCompaniesData, SessionReplacedData } from './events.ts';

/** `company-{id}-ticket`: a ticket to file again, to drop (it was deleted or left the viewer's tabs), or read. */
export type TicketFrame =
  { action: 'update'; ticket: Ticket } | { action: 'delete'; ticketId: number } | { action: 'updateUnread'; ticketId: number };

/** A message as a frame carries it: a body too long for a frame is cut, and says so. */
export type FramedMessage = Message & { truncated?: boolean };

/** `company-{id}-appMessage`: a new message comes with its ticket and contact, a change or deletion alone. */
export type MessageFrame =
  | {
      action: 'create';
      message: FramedMessage;
      ticket: Ticket;
      contact: Pick<Contact, 'id' | 'name' | 'urlPicture'> | null;
    }
  | { action: 'update' | 'delete'; message: FramedMessage };

/** `company-{id}-contact` */
export type ContactFrame = { action: 'create' | 'update'; contact: Contact } | { action: 'delete'; contactId: number };

/** `company-{id}-campaignSettings` */
export interface CampaignSettingsFrame {
  action: 'update';
  settings: CampaignSettings;
}

/** The frame data of each channel kind (the keys of `channels`). */
export interface RealtimeFrames {
  auth: SessionReplacedData;
  ticket: TicketFrame;
  appMessage: MessageFrame;
  contact: ContactFrame;
  user: UserEvent;
  whatsapp: ConnectionEvent;
  whatsappSession: WhatsappSessionEvent;
  connectionAlert: ConnectionAlertEvent;
  importMessages: ImportMessagesEvent;
  chatImport: ChatImportFrame;
  chat: ChatCompanyEvent;
  chatRoom: ChatRoomEvent;
  chatUser: ChatUserEvent;
  schedule: ScheduleEvent;
  quickMessage: QuickMessageEvent;
  queue: QueueEvent;
  settings: CompanySettingsEvent;
  file: FileListEvent;
  tag: TagEvent;
  announcement: AnnouncementEvent;
  payment: PaymentEvent;
  platformCompanies: PlatformCompaniesData;
  campaign: CampaignEvent;
  campaignSettings: CampaignSettingsFrame;
  contactList: ContactListEvent;
  contactListItem: ContactListItemEvent;
  queueIntegration: QueueIntegrationEvent;
  prompt: PromptEvent;
}

export type ChannelKind = keyof RealtimeFrames;

declare const channelKind: unique symbol;

/** A channel name that keeps its kind in the type, so a subscriber is handed that channel's frame data. */
export type ChannelName<K extends ChannelKind> = string & { readonly [channelKind]: K };

/** The frame data of a channel name made by `channels`; `unknown` for any other name. */
export type FrameDataOf<E extends string> = E extends ChannelName<infer K> ? RealtimeFrames[K] : unknown;
