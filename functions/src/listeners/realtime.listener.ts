/**
 * Domain events as the realtime frames the web app listens to (the wire format of ARCHITECTURE section 5): the
 * events carry the domain's data, and this listener builds from it each frame, typed by `RealtimeFrames`:
 * `company-{id}-ticket`, `company-{id}-appMessage` and `company-{id}-contact`, each to the agents who may see it;
 * the company's other changes (schedules, users, queues, connections and their sessions, file lists, settings,
 * quick replies) to its agents or admins; `company-{id}-auth` to the browser of a session that was replaced.
 * A failed push of a ticket, message or session-replaced frame fails the change that caused it, as it always has;
 * any other failed push is logged and never fails the change.
 * Registered by each Lambda entry whose code records these events (`registerRealtimeListener()`).
 */
import { channels, type DomainEvent, type DomainEventName, type TicketAudience } from '@switchboard/shared/events';
import type { ChannelKind, FramedMessage, MessageFrame, RealtimeFrames } from '@switchboard/shared/realtime-frames';
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

/** Pushes a frame of `kind` to the company's sockets that `audience` picks: its data is what the web reads there. */
const push = async <K extends ChannelKind>(
  kind: K,
  companyId: number,
  data: RealtimeFrames[K],
  audience: (c: SocketConnection) => boolean,
): Promise<void> => {
  await publish(companyId, { event: (channels[kind] as (companyId: number) => string)(companyId), data }, audience);
};

/**
 * Tells every agent who may see the ticket. A ticket that moved is first deleted (for whoever could see it before
 * or can see it now) so that inboxes drop it before the update re-files it.
 */
const onTicketChange = async (
  e: DomainEvent<'ticket.created' | 'ticket.updated' | 'ticket.closed' | 'ticket.reopened'>,
): Promise<void> => {
  const { companyId, ticket } = e;
  const visible = maySee(ticket);
  if (e.moved) {
    const before = e.before;
    await push(
      'ticket',
      companyId,
      { action: 'delete', ticketId: ticket.id },
      (c) => visible(c) || (before !== undefined && maySee(before)(c)),
    );
  }
  if (e.maskedNumber !== undefined) {
    const masked = { ...ticket, contact: { ...ticket.contact, number: e.maskedNumber } };
    await Promise.all([
      push('ticket', companyId, { action: 'update', ticket }, (c) => visible(c) && c.profile === 'admin'),
      push('ticket', companyId, { action: 'update', ticket: masked }, (c) => visible(c) && c.profile !== 'admin'),
    ]);
    return;
  }
  await push('ticket', companyId, { action: 'update', ticket }, visible);
};

const onTicketRead = async (e: DomainEvent<'ticket.read'>): Promise<void> => {
  await push('ticket', e.companyId, { action: 'updateUnread', ticketId: e.ticketId }, maySee(e.audience));
};

const onTicketDeleted = async (e: DomainEvent<'ticket.deleted'>): Promise<void> => {
  await push('ticket', e.companyId, { action: 'delete', ticketId: e.ticketId }, maySee(e.audience));
};

const forFrame = (m: Message): FramedMessage =>
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
  const data: MessageFrame =
    action === 'create'
      ? { action, message: forFrame(e.message), ticket: e.ticket, contact: e.contact }
      : { action, message: forFrame(e.message) };
  await push('appMessage', e.companyId, data, maySee(e.ticket));
};

/**
 * `company-<id>-contact`, to the company's agents only (never to web chat visitors). One frame cannot be masked
 * per recipient, so with the privacy rule on admins get the plain frame and the other agents a masked one.
 */
const onContact = async (e: DomainEvent<'contact.created' | 'contact.updated' | 'contact.deleted'>): Promise<void> => {
  const { companyId } = e;
  try {
    if (e.name === 'contact.deleted') {
      await push('contact', companyId, { action: 'delete', contactId: e.contactId }, (c) => c.kind === 'agent');
      return;
    }
    const data = { action: e.name === 'contact.created' ? ('create' as const) : ('update' as const), contact: e.contact };
    if (e.maskedNumber === undefined) {
      await push('contact', companyId, data, (c) => c.kind === 'agent');
      return;
    }
    const masked = { ...data, contact: { ...data.contact, number: e.maskedNumber } };
    await Promise.all([
      push('contact', companyId, data, (c) => c.kind === 'agent' && c.profile === 'admin'),
      push('contact', companyId, masked, (c) => c.kind === 'agent' && c.profile !== 'admin'),
    ]);
  } catch (error) {
    logger.error('contact event not published', { companyId, error: error as Error });
  }
};

const agents = (c: SocketConnection) => c.kind === 'agent';
const admins = (c: SocketConnection) => c.kind === 'agent' && c.profile === 'admin';

/**
 * The company changes its screens follow, each as the frame its page listens to, on its channel and to its audience
 * (contact lists, campaigns, AI prompts and integrations are admin pages, spec document 3 section 6). A failed push
 * is logged and never fails the change.
 */
const companyFrames: { [N in DomainEventName]?: (e: DomainEvent<N>) => Promise<void> } = {
  'schedule.created': (e) => push('schedule', e.companyId, { action: 'create', schedule: e.schedule }, agents),
  'schedule.updated': (e) => push('schedule', e.companyId, { action: 'update', schedule: e.schedule }, agents),
  'schedule.deleted': (e) => push('schedule', e.companyId, { action: 'delete', scheduleId: e.scheduleId }, agents),
  'user.created': (e) => push('user', e.companyId, { action: 'create', user: e.user }, agents),
  'user.updated': (e) => push('user', e.companyId, { action: 'update', user: e.user }, agents),
  'user.deleted': (e) => push('user', e.companyId, { action: 'delete', userId: e.userId }, agents),
  'queue.created': (e) => push('queue', e.companyId, { action: 'create', queue: e.queue }, agents),
  'queue.updated': (e) => push('queue', e.companyId, { action: 'update', queue: e.queue }, agents),
  'queue.deleted': (e) => push('queue', e.companyId, { action: 'delete', queueId: e.queueId }, agents),
  'connection.saved': (e) => push('whatsapp', e.companyId, { action: 'update', whatsapp: e.connection }, agents),
  'connection.deleted': (e) => push('whatsapp', e.companyId, { action: 'delete', whatsappId: e.connectionId }, agents),
  'connection.importProgressed': (e) =>
    push(
      'importMessages',
      e.companyId,
      e.progress
        ? { action: 'update', status: { whatsappId: e.connectionId, this: e.progress.done, all: e.progress.total } }
        : { action: 'refresh', whatsappId: e.connectionId },
      admins,
    ),
  'contact.chatsImported': (e) =>
    push(
      'chatImport',
      e.companyId,
      { action: 'importChats', whatsappId: e.connectionId, created: e.created, total: e.total },
      admins,
    ),
  'whatsappSession.updated': (e) => push('whatsappSession', e.companyId, { action: 'update', session: e.session }, agents),
  'whatsappSession.dropped': (e) =>
    push(
      'connectionAlert',
      e.companyId,
      { action: 'sessionDropped', connection: e.connection, status: e.status, reason: e.reason, at: e.at },
      admins,
    ),
  'fileList.created': (e) => push('file', e.companyId, { action: 'create', fileList: e.fileList }, agents),
  'fileList.updated': (e) => push('file', e.companyId, { action: 'update', fileList: e.fileList }, agents),
  'fileList.deleted': (e) => push('file', e.companyId, { action: 'delete', fileId: e.fileListId }, agents),
  'settings.updated': (e) => push('settings', e.companyId, { action: 'update', keys: e.keys }, agents),
  'quickMessage.created': (e) => push('quickMessage', e.companyId, { action: 'create', record: e.quickMessage }, agents),
  'quickMessage.updated': (e) => push('quickMessage', e.companyId, { action: 'update', record: e.quickMessage }, agents),
  'quickMessage.deleted': (e) => push('quickMessage', e.companyId, { action: 'delete', id: e.quickMessageId }, agents),
  'tag.created': (e) => push('tag', e.companyId, { action: 'create', tag: e.tag }, agents),
  'tag.updated': (e) => push('tag', e.companyId, { action: 'update', tag: e.tag }, agents),
  'tag.deleted': (e) => push('tag', e.companyId, { action: 'delete', tagId: e.tagId }, agents),
  // the reference emits it to the whole company (root namespace): every agent's browser learns the new due date
  'payment.confirmed': (e) =>
    push(
      'payment',
      e.companyId,
      { action: 'CONCLUIDA', company: { id: e.companyId, dueDate: e.dueDate }, invoiceId: e.invoiceId },
      agents,
    ),
  'contactList.created': (e) => push('contactList', e.companyId, { action: 'create', record: e.contactList }, admins),
  'contactList.updated': (e) => push('contactList', e.companyId, { action: 'update', record: e.contactList }, admins),
  'contactList.deleted': (e) => push('contactList', e.companyId, { action: 'delete', id: e.contactListId }, admins),
  'contactListItem.created': (e) => push('contactListItem', e.companyId, { action: 'create', record: e.item }, admins),
  'contactListItem.updated': (e) => push('contactListItem', e.companyId, { action: 'update', record: e.item }, admins),
  'contactListItem.deleted': (e) =>
    push('contactListItem', e.companyId, { action: 'delete', id: e.itemId, contactListId: e.contactListId }, admins),
  'campaign.created': (e) => push('campaign', e.companyId, { action: 'create', record: e.campaign }, admins),
  'campaign.updated': (e) => push('campaign', e.companyId, { action: 'update', record: e.campaign }, admins),
  'campaign.deleted': (e) => push('campaign', e.companyId, { action: 'delete', id: e.campaignId }, admins),
  'campaignSettings.updated': (e) => push('campaignSettings', e.companyId, { action: 'update', settings: e.settings }, admins),
  'prompt.created': (e) => push('prompt', e.companyId, { action: 'create', prompt: e.prompt }, admins),
  'prompt.updated': (e) => push('prompt', e.companyId, { action: 'update', prompt: e.prompt }, admins),
  'prompt.deleted': (e) => push('prompt', e.companyId, { action: 'delete', promptId: e.promptId }, admins),
  'queueIntegration.created': (e) =>
    push('queueIntegration', e.companyId, { action: 'create', queueIntegration: e.queueIntegration }, admins),
  'queueIntegration.updated': (e) =>
    push('queueIntegration', e.companyId, { action: 'update', queueIntegration: e.queueIntegration }, admins),
  'queueIntegration.deleted': (e) =>
    push('queueIntegration', e.companyId, { action: 'delete', integrationId: e.queueIntegrationId }, admins),
};

/** Tells the browser of the session that ended why (before the session's sockets are closed). */
const onSessionReplaced = async (e: DomainEvent<'session.replaced'>): Promise<void> => {
  await push(
    'auth',
    e.companyId,
    { action: 'sessionReplaced', userId: e.userId },
    (c) => c.userId === e.userId && c.sessionId === e.sessionId,
  );
};

const announcementActions = {
  'announcement.created': 'create',
  'announcement.updated': 'update',
  'announcement.deleted': 'delete',
} as const;

/** `company-announcement` is one channel for the whole platform: every company's agents are told, company by company. */
const onAnnouncement = async (
  e: DomainEvent<'announcement.created' | 'announcement.updated' | 'announcement.deleted'>,
): Promise<void> => {
  const action = announcementActions[e.name];
  await forEachCompanyId((companyId) => push('announcement', companyId, { action, id: e.announcementId }, agents));
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
  const action = e.name === 'company.changed' ? e.action : 'update';
  await push('platformCompanies', PLATFORM_COMPANY_ID, { action, companyId: e.companyId }, superUsers);
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
  for (const [name, toFrame] of Object.entries(companyFrames)) {
    domainEvents.on(name as DomainEventName, ID, toFrame as (e: DomainEvent) => Promise<void>);
  }
  domainEvents.on('session.replaced', ID, onSessionReplaced, { failsRequest: true });
  domainEvents.on(Object.keys(announcementActions) as (keyof typeof announcementActions)[], ID, onAnnouncement);
  // an id of its own: payment.confirmed also has the company's frame above, and one id registers once per event
  domainEvents.on(['company.changed', 'company.statusChanged', 'payment.confirmed'], `${ID}-platform`, onPlatformCompany);
};
