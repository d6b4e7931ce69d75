/**
 * Domain events as the realtime frames the web app listens to (the wire format of ARCHITECTURE section 5):
 * `company-{id}-ticket`, `company-{id}-appMessage` and `company-{id}-contact`, each to the agents who may see it;
 * the company's other changes (schedules, users, queues, connections and their sessions, file lists, settings,
 * quick replies) to its agents or admins; `company-{id}-auth` to the browser of a session that was replaced.
 * A failed push of a ticket, message or session-replaced frame fails the change that caused it, as it always has;
 * any other failed push is logged and never fails the change.
 * Registered by each Lambda entry whose code records these events (`registerRealtimeListener()`).
 */
import {
  channels,
  type DomainEvent,
  type DomainEventName,
  type PlatformCompaniesData,
  type SessionReplacedData,
  type TicketAudience,
} from '@switchboard/shared/events';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';
import type { Message } from '@switchboard/shared/contracts/messages';
import { domainEvents } from '../platform/events/domain-events.ts';
import { logger } from '../platform/logger.ts';
import type { ConnectionRecord as SocketConnection } from '../platform/realtime/connection.entity.ts';
import { publish } from '../platform/realtime/publisher.ts';
import { canSeeTicket, viewerOfSocket } from '../modules/tickets/ticket-visibility.service.ts';
import { forEachCompanyId } from '../modules/tenancy/company-usage.service.ts';

/** Realtime frames stay well under API Gateway's 32 KB. */
const FRAME_BODY_LIMIT = 8_000;

const maySee = (t: TicketAudience) => (c: SocketConnection) => c.kind === 'agent' && canSeeTicket(viewerOfSocket(c), t);

/**
 * Tells every agent who may see the ticket. A ticket that moved is first deleted (for whoever could see it before
 * or can see it now) so that inboxes drop it before the update re-files it.
 */
const onTicketChange = async (
  e: DomainEvent<'ticket.created' | 'ticket.updated' | 'ticket.closed' | 'ticket.reopened'>,
): Promise<void> => {
  const { companyId, ticket } = e;
  const event = channels.ticket(companyId);
  const visible = maySee(ticket);
  if (e.moved) {
    const before = e.before;
    await publish(
      companyId,
      { event, data: { action: 'delete', ticketId: ticket.id } },
      (c) => visible(c) || (before !== undefined && maySee(before)(c)),
    );
  }
  if (e.maskedNumber !== undefined) {
    const masked = { ...ticket, contact: { ...ticket.contact, number: e.maskedNumber } };
    await Promise.all([
      publish(companyId, { event, data: { action: 'update', ticket } }, (c) => visible(c) && c.profile === 'admin'),
      publish(companyId, { event, data: { action: 'update', ticket: masked } }, (c) => visible(c) && c.profile !== 'admin'),
    ]);
    return;
  }
  await publish(companyId, { event, data: { action: 'update', ticket } }, visible);
};

const onTicketRead = async (e: DomainEvent<'ticket.read'>): Promise<void> => {
  await publish(
    e.companyId,
    { event: channels.ticket(e.companyId), data: { action: 'updateUnread', ticketId: e.ticketId } },
    maySee(e.audience),
  );
};

const onTicketDeleted = async (e: DomainEvent<'ticket.deleted'>): Promise<void> => {
  await publish(
    e.companyId,
    { event: channels.ticket(e.companyId), data: { action: 'delete', ticketId: e.ticketId } },
    maySee(e.audience),
  );
};

const forFrame = (m: Message): Message & { truncated?: boolean } =>
  m.body.length > FRAME_BODY_LIMIT ? { ...m, body: m.body.slice(0, FRAME_BODY_LIMIT), truncated: true } : m;

const messageActions = {
  'message.received': 'create',
  'message.sent': 'create',
  'message.updated': 'update',
  'message.deleted': 'delete',
} as const;

/** Tells the agents who may see the ticket (never anyone else) about a message. */
const onMessage = async (
  e: DomainEvent<'message.received' | 'message.sent' | 'message.updated' | 'message.deleted'>,
): Promise<void> => {
  const action = messageActions[e.name];
  const data =
    action === 'create'
      ? { action, message: forFrame(e.message), ticket: e.ticket, contact: e.contact }
      : { action, message: forFrame(e.message) };
  await publish(e.companyId, { event: channels.appMessage(e.companyId), data }, maySee(e.ticket));
};

/**
 * `company-<id>-contact`, to the company's agents only (never to web chat visitors). One frame cannot be masked
 * per recipient, so with the privacy rule on admins get the plain frame and the other agents a masked one.
 */
const onContact = async (e: DomainEvent<'contact.created' | 'contact.updated' | 'contact.deleted'>): Promise<void> => {
  const { companyId } = e;
  const event = channels.contact(companyId);
  try {
    if (e.name === 'contact.deleted') {
      await publish(companyId, { event, data: { action: 'delete', contactId: e.contactId } }, (c) => c.kind === 'agent');
      return;
    }
    const data = { action: e.name === 'contact.created' ? ('create' as const) : ('update' as const), contact: e.contact };
    if (e.maskedNumber === undefined) {
      await publish(companyId, { event, data }, (c) => c.kind === 'agent');
      return;
    }
    const masked = { ...data, contact: { ...data.contact, number: e.maskedNumber } };
    await Promise.all([
      publish(companyId, { event, data }, (c) => c.kind === 'agent' && c.profile === 'admin'),
      publish(companyId, { event, data: masked }, (c) => c.kind === 'agent' && c.profile !== 'admin'),
    ]);
  } catch (error) {
    logger.error('contact event not published', { companyId, error: error as Error });
  }
};

const agents = (c: SocketConnection) => c.kind === 'agent';
const admins = (c: SocketConnection) => c.kind === 'agent' && c.profile === 'admin';

/**
 * The company changes its screens follow: each frame carries the event's `change` as is, on the channel and to the
 * audience the web client listens with. A failed push is logged and never fails the change.
 */
const companyFrames = {
  'schedule.changed': { channel: channels.schedule, audience: agents },
  'user.changed': { channel: channels.user, audience: agents },
  'queue.changed': { channel: channels.queue, audience: agents },
  'connection.changed': { channel: channels.whatsapp, audience: agents },
  'connection.importProgressed': { channel: channels.importMessages, audience: admins },
  'contact.chatsImported': { channel: channels.chatImport, audience: admins },
  'whatsappSession.changed': { channel: channels.whatsappSession, audience: agents },
  'whatsappSession.dropped': { channel: channels.connectionAlert, audience: admins },
  'fileList.changed': { channel: channels.file, audience: agents },
  'settings.changed': { channel: channels.settings, audience: agents },
  'quickMessage.changed': { channel: channels.quickMessage, audience: agents },
  'tag.changed': { channel: channels.tag, audience: agents },
  // the reference emits it to the whole company (root namespace): every agent's browser learns the new due date
  'payment.confirmed': { channel: channels.payment, audience: agents },
  // contact lists are an admin page (spec document 3 section 6)
  'contactList.changed': { channel: channels.contactList, audience: admins },
  'contactListItem.changed': { channel: channels.contactListItem, audience: admins },
  // campaigns are an admin page (spec document 3 section 6)
  'campaign.changed': { channel: channels.campaign, audience: admins },
  'campaignSettings.changed': { channel: channels.campaignSettings, audience: admins },
  // AI prompts are an admin page (spec document 3 section 6)
  'prompt.changed': { channel: channels.prompt, audience: admins },
  // integrations are an admin page (spec document 3 section 6)
  'queueIntegration.changed': { channel: channels.queueIntegration, audience: admins },
} as const satisfies Partial<
  Record<DomainEventName, { channel: (companyId: number) => string; audience: (c: SocketConnection) => boolean }>
>;

type CompanyFrameEvent = keyof typeof companyFrames;

const onCompanyChange = async (e: DomainEvent<CompanyFrameEvent>): Promise<void> => {
  const { channel, audience } = companyFrames[e.name];
  await publish(e.companyId, { event: channel(e.companyId), data: e.change }, audience);
};

/** Tells the browser of the session that ended why (before the session's sockets are closed). */
const onSessionReplaced = async (e: DomainEvent<'session.replaced'>): Promise<void> => {
  const data: SessionReplacedData = { action: 'sessionReplaced', userId: e.userId };
  await publish(
    e.companyId,
    { event: channels.auth(e.companyId), data },
    (c) => c.userId === e.userId && c.sessionId === e.sessionId,
  );
};

/** `company-announcement` is one channel for the whole platform: every company's agents are told, company by company. */
const onAnnouncement = async (e: DomainEvent<'announcement.changed'>): Promise<void> => {
  await forEachCompanyId(async (companyId) => {
    await publish(companyId, { event: channels.announcement(), data: e.change }, agents);
  });
};

const superUsers = (c: SocketConnection) => c.kind === 'agent' && c.super;

/**
 * `platform-companies`: the super users' companies table follows every change of a company's row, whoever made it (the
 * super user, a payment, the unpaid deactivation). Super users belong to the platform company, so only its sockets are
 * looked at; the frame names the company and the table reads it again.
 */
const onPlatformCompany = async (
  e: DomainEvent<'company.changed' | 'company.statusChanged' | 'payment.confirmed'>,
): Promise<void> => {
  const data: PlatformCompaniesData = { action: e.name === 'company.changed' ? e.action : 'update', companyId: e.companyId };
  await publish(PLATFORM_COMPANY_ID, { event: channels.platformCompanies(), data }, superUsers);
};

const ID = 'realtime';

/** Subscribes the realtime frames to the domain events; calling it again changes nothing. */
export const registerRealtimeListener = (): void => {
  // the pushes that failed the request when services made them directly still do
  domainEvents.on(['ticket.created', 'ticket.updated', 'ticket.closed', 'ticket.reopened'], ID, onTicketChange, {
    failsRequest: true,
  });
  domainEvents.on('ticket.read', ID, onTicketRead, { failsRequest: true });
  domainEvents.on('ticket.deleted', ID, onTicketDeleted, { failsRequest: true });
  domainEvents.on(['message.received', 'message.sent', 'message.updated', 'message.deleted'], ID, onMessage, {
    failsRequest: true,
  });
  domainEvents.on(['contact.created', 'contact.updated', 'contact.deleted'], ID, onContact);
  domainEvents.on(Object.keys(companyFrames) as CompanyFrameEvent[], ID, onCompanyChange);
  domainEvents.on('session.replaced', ID, onSessionReplaced, { failsRequest: true });
  domainEvents.on('announcement.changed', ID, onAnnouncement);
  domainEvents.on(['company.changed', 'company.statusChanged', 'payment.confirmed'], ID, onPlatformCompany);
};
