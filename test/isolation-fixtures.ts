/**
 * What the tenant-isolation test needs to call every authenticated route against another company's records.
 * A route added to the route table fails the isolation test until it is described here, so no route escapes.
 *
 * Two kinds of authenticated routes:
 * - routes that name a record (in the path, the query or the body): called by company B with company A's ids,
 *   they must answer 404 (or 403) and change nothing of A;
 * - own-company routes (lists, creations, the caller's own session): called by company B they act on B only,
 *   so they must succeed, show nothing of A and change nothing of A.
 */
export interface TenantFixture {
  companyId: number;
  adminUserId: number;
  agentUserId: number;
  contactId: number;
  contactNumber: string;
  tagId: number;
  queueId: number;
  ticketId: number;
  ticketUuid: string;
  messageId: string;
  noteId: string;
  quickMessageId: number;
  connectionId: number;
  scheduleId: number;
  /** a queue with a chatbot option (the default queue above is the tickets') */
  queueOfAId: number;
  fileListId: number;
  contactListId: number;
  contactListItemId: number;
  /** company A's open invoice */
  invoiceId: number;
  /** an internal chat of A's admin and agent, with one message */
  chatId: number;
  chatMessageId: string;
  campaignId: number;
  flowId: number;
  /** a phrase campaign of A starting A's flow on A's extra connection */
  flowCampaignId: number;
  promptId: number;
  queueIntegrationId: number;
}

/** Texts that only company A's records contain; no answer to company B may include them. */
export const markersOfA = [
  'Company A',
  'Contact of A',
  'Visitor of A',
  'Reply of A',
  'Note of A',
  'Tag of A',
  'Quick text of A',
  'Schedule of A',
  'Connection of A',
  'Greeting of A',
  'Queue of A',
  'Option of A',
  'Files of A',
  'Price list of A',
  'List of A',
  'Item of A',
  'Chat of A',
  'Chat text of A',
  'Campaign of A',
  'Flow of A',
  'Phrase campaign of A',
  'phrase of A',
  'Prompt of A',
  'Integration of A',
];

type Fixture<T> = (a: TenantFixture) => T;

/** Company A's record for `<route id>:<param>` or, for all routes of a module, `<module>:<param>`. */
export const pathParamFixtures: Record<string, Fixture<string | number>> = {
  'companies:companyId': (a) => a.companyId,
  'users:id': (a) => a.agentUserId,
  'users.toggle-width:userId': (a) => a.agentUserId,
  'contacts:id': (a) => a.contactId,
  'contacts.profile:number': (a) => a.contactNumber,
  'tags.remove-contact:tagId': (a) => a.tagId,
  'tags.remove-contact:contactId': (a) => a.contactId,
  'tags:id': (a) => a.tagId,
  'tickets:id': (a) => a.ticketId,
  'tickets:uuid': (a) => a.ticketUuid,
  'tickets:ticketId': (a) => a.ticketId,
  'tickets:tagId': (a) => a.tagId,
  'tickets.notes-delete:id': (a) => a.noteId,
  'tickets.close-imported:id': (a) => a.connectionId,
  'messages:ticketId': (a) => a.ticketId,
  'messages:id': (a) => a.ticketId,
  'messages:messageId': (a) => a.messageId,
  'messages.delete:id': (a) => a.messageId,
  'quick-messages:id': (a) => a.quickMessageId,
  'connections:id': (a) => a.connectionId,
  'connections:companyId': (a) => a.companyId,
  'schedules:id': (a) => a.scheduleId,
  'queues:id': (a) => a.queueOfAId,
  'files:id': (a) => a.fileListId,
  'contact-lists:id': (a) => a.contactListId,
  'campaigns:id': (a) => a.campaignId,
  'flows:id': (a) => a.flowId,
  'flow-campaigns:id': (a) => a.flowCampaignId,
  'prompts:id': (a) => a.promptId,
  'queue-integrations:id': (a) => a.queueIntegrationId,
  'contact-lists:importId': () => '01JZZZZZZZZZZZZZZZZZZZZZZZ',
  'contact-lists.item-show:id': (a) => a.contactListItemId,
  'contact-lists.item-update:id': (a) => a.contactListItemId,
  'contact-lists.item-delete:id': (a) => a.contactListItemId,
  'settings:key': () => 'userRating',
  'settings:companyId': (a) => a.companyId,
  'companies:id': (a) => a.companyId,
  // platform records of the super user: any company's admin is refused (403) before anything is read
  'plans:id': () => 1,
  'helps:id': () => 1,
  'announcements:id': () => 1,
  'chats:id': (a) => a.chatId,
  'chats:messageId': (a) => a.chatMessageId,
};

/** Query strings naming company A's records. */
export const queryFixtures: Record<string, Fixture<Record<string, string | number>>> = {
  'tickets.notes-list': (a) => ({ ticketId: a.ticketId, contactId: a.contactId }),
  'contact-lists.item-list': (a) => ({ contactListId: a.contactListId }),
  'settings.company-one': () => ({ column: 'requiredTag' }),
  'tags.kanban-tickets': () => ({ startDate: '2000-01-01', endDate: '2099-12-31' }),
  'dashboard.tickets-day': () => ({ initialDate: '2020-01-01', finalDate: '2020-12-31' }),
  'dashboard.tickets-users': () => ({ initialDate: '2020-01-01', finalDate: '2020-12-31' }),
};

/** A valid body for each route that takes one, so the call passes validation and reaches the tenancy check. */
export const bodyFixtures: Record<string, Fixture<unknown>> = {
  'invoices.subscribe': (a) => ({
    firstName: 'Payer of B',
    zipcode: '12345678909',
    plan: JSON.stringify({ planId: 'custom' }),
    users: 3,
    connections: 3,
    invoiceId: a.invoiceId,
  }),
  'users.update': () => ({ name: 'Changed by another company' }),
  'users.toggle-width': () => ({ defaultTicketsManagerWidth: 500 }),
  'users.media-upload': () => ({ name: 'x.png', mimeType: 'image/png', size: 10 }),
  // a browser's subscription (the P-256 key and auth secret of RFC 8291's example): the caller's own
  'users.push-subscribe': () => ({
    endpoint: 'https://push.example.net/send/company-b',
    keys: {
      p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    },
  }),
  'users.push-unsubscribe': () => ({ endpoint: 'https://push.example.net/send/company-b' }),
  'contacts.update': () => ({ name: 'Changed by another company', number: '5511900001111' }),
  'contacts.toggle-accept-audio': () => ({ acceptAudioMessage: false }),
  'contacts.toggle-disable-bot': () => ({ disableBot: true }),
  'contacts.block': () => ({ active: false }),
  'contacts.create': () => ({ name: 'Contact of B', number: '5511955554444' }),
  'users.create': () => ({ name: 'User of B', email: 'user-of-b@example.com', password: 'pass-12345' }),
  'contacts.import-row': () => ({ name: 'Imported by B', number: '5511955553333', email: '' }),
  // B asking an import of A's WhatsApp session's chats finds no such connection
  'contacts.import-chats': (a) => ({ whatsappId: a.connectionId }),
  'tags.create': () => ({ name: 'Tag of B' }),
  'tags.sync': (a) => ({ contactId: a.contactId, tags: [] }),
  'tags.update': () => ({ name: 'Changed by another company' }),
  'tickets.create': (a) => ({ contactId: a.contactId, queueId: a.queueId }),
  'tickets.update': () => ({ status: 'closed', sendFarewellMessage: false }),
  'tickets.close-all': () => ({ status: 'open', selectedQueueIds: [] }),
  'tickets.notes-create': (a) => ({ note: 'Written by B', ticketId: a.ticketId, contactId: a.contactId }),
  'messages.send': () => ({ body: 'sent by B' }),
  'messages.upload-url': () => ({ name: 'x.png', mimeType: 'image/png', size: 10 }),
  'messages.edit': () => ({ body: 'edited by B' }),
  'messages.forward': (a) => ({ messageId: a.messageId, contactId: a.contactId }),
  'connections.create': () => ({ channel: 'webchat', name: 'Connection of B' }),
  'connections.update': () => ({
    name: 'Changed by another company',
    isDefault: true,
    regenerateToken: true,
    regenerateWidgetKey: true,
  }),
  'connections.company-update': () => ({
    name: 'Changed by another company',
    isDefault: true,
    regenerateToken: true,
    regenerateWidgetKey: true,
  }),
  'quick-messages.create': () => ({ shortcode: 'of-b', message: 'Quick text of B' }),
  'contact-lists.create': () => ({ name: 'List of B' }),
  // B naming A's contact list in its own campaign is refused
  'campaigns.create': (a) => ({ name: 'Campaign of B', whatsappId: 1, contactListId: a.contactListId, message1: 'text of B' }),
  'campaigns.update': () => ({ name: 'Changed by another company', whatsappId: 1, tagListId: 1, message1: 'text of B' }),
  'campaigns.media-upload': () => ({ name: 'x.png', mimeType: 'image/png', size: 10 }),
  'campaigns.settings-save': () => ({ settings: { messageInterval: 20 } }),
  'flows.create': () => ({ name: 'Flow of B' }),
  // B's campaign naming A's flow and A's connection is refused; B editing A's campaign finds nothing
  'flow-campaigns.create': (a) => ({
    name: 'Phrase campaign of B',
    flowId: a.flowId,
    whatsappIds: [a.connectionId],
    phrases: [{ text: 'of b', type: 'exact' }],
  }),
  'flow-campaigns.update': (a) => ({
    id: a.flowCampaignId,
    name: 'Changed by another company',
    flowId: a.flowId,
    allConnections: true,
    phrase: 'changed',
  }),
  'flows.update': (a) => ({ flowId: a.flowId, name: 'Changed by another company' }),
  'flows.duplicate': (a) => ({ flowId: a.flowId }),
  'flows.save-graph': (a) => ({ idFlow: a.flowId, nodes: [], connections: [] }),
  'flows.upload-image': () => ({ name: 'x.png', mimeType: 'image/png', size: 10 }),
  'flows.upload-audio': () => ({ name: 'x.mp3', mimeType: 'audio/mpeg', size: 10 }),
  'flows.upload-content': () => ({ medias: [{ name: 'x.png', mimeType: 'image/png', size: 10 }] }),
  // queue 1 is B's own first queue
  'prompts.create': () => ({ name: 'Prompt of B', prompt: 'Text of B', apiKey: 'sk-of-b', queueId: 1 }),
  'prompts.update': () => ({ name: 'Changed by another company', prompt: 'Changed', apiKey: 'sk-changed', queueId: 1 }),
  'queue-integrations.create': () => ({ type: 'webhook', name: 'Integration of B', urlN8N: 'http://127.0.0.1:9/hook-of-b' }),
  'queue-integrations.update': () => ({
    type: 'webhook',
    name: 'Changed by another company',
    urlN8N: 'http://127.0.0.1:9/changed',
  }),
  // B naming A's integration to test with its stored credentials is refused
  'queue-integrations.test-session': (a) => ({
    projectName: 'project-of-b',
    jsonContent: '__stored_credentials__',
    language: 'en',
    integrationId: a.queueIntegrationId,
  }),
  'contact-lists.update': () => ({ name: 'Changed by another company' }),
  'contact-lists.upload': () => ({
    name: 'x.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    size: 10,
  }),
  'contact-lists.item-create': (a) => ({ name: 'Item of B', number: '5511955550000', contactListId: a.contactListId }),
  'contact-lists.item-update': () => ({ name: 'Changed by another company', number: '5511955550001' }),
  'quick-messages.update': () => ({ shortcode: 'changed-by-b', message: 'Changed by another company', geral: true }),
  'quick-messages.media-upload': () => ({ name: 'x.png', mimeType: 'image/png', size: 10 }),
  'connections.media-upload': () => ({ name: 'x.png', mimeType: 'image/png', size: 10 }),
  'schedules.create': (a) => ({ body: 'Schedule of B', contactId: a.contactId, sendAt: '2099-01-01T12:00:00.000Z' }),
  'schedules.update': (a) => ({ body: 'Changed by another company', contactId: a.contactId, sendAt: '2099-01-01T12:00:00.000Z' }),
  'schedules.media-upload': () => ({ name: 'x.png', mimeType: 'image/png', size: 10 }),
  'queues.create': () => ({ name: 'Queue of B', color: '#b0b0b0', greetingMessage: 'Hello from B' }),
  'queues.update': () => ({ name: 'Changed by another company', color: '#b1b1b1', greetingMessage: 'Changed' }),
  'files.create': () => ({ name: 'Files of B', message: 'Files message of B', options: [{ name: 'File of B' }] }),
  'files.update': () => ({ name: 'Changed by another company', message: 'Changed', options: [] }),
  'files.upload': () => ({ optionId: 1, name: 'x.png', mimeType: 'image/png', size: 10 }),
  'settings.update-many': () => ({ userRating: 'enabled' }),
  'settings.update': () => ({ value: 'enabled' }),
  'settings.company-update': () => ({ column: 'scheduleType', data: 'company' }),
  'companies.schedules-update': () => ({ schedules: [] }),
  'plans.create': () => ({ name: 'Plan of B', users: 1, connections: 1, queues: 1, amount: '1.00' }),
  'plans.update': () => ({ name: 'Changed by another company', users: 1, connections: 1, queues: 1, amount: '1.00' }),
  'companies.create': () => ({ name: 'Company made by B', email: 'made-by-b@example.com', planId: 1 }),
  'companies.update': () => ({ name: 'Changed by another company' }),
  'helps.create': () => ({ title: 'Help of B', video: 'abc' }),
  'helps.update': () => ({ title: 'Changed by another company', video: 'abc' }),
  'announcements.create': () => ({ title: 'Announcement of B', text: 'Text' }),
  'announcements.update': () => ({ title: 'Changed by another company', text: 'Text' }),
  'announcements.media-upload': () => ({ name: 'x.png', mimeType: 'image/png', size: 10 }),
  'settings.whitelabel-update': () => ({ appName: 'Changed by another company' }),
  'settings.whitelabel-logo': () => ({ mode: 'Light', name: 'x.png', mimeType: 'image/png', size: 10 }),
  'messages.send-template': () => ({ name: 'hello_world', language: 'en_US' }),
  // user 1 of a company is its first admin, the caller here: a chat of B's own
  'chats.create': () => ({ title: 'Chat of B', users: [{ id: 1 }] }),
  'chats.update': () => ({ title: 'Changed by another company', users: [{ id: 1 }] }),
  'chats.send': () => ({ message: 'sent by B' }),
  'chats.upload': (a) => ({ chatId: a.chatId, name: 'x.png', mimeType: 'image/png', size: 10 }),
  'chats.edit-message': () => ({ message: 'edited by B' }),
  // the fake Graph server knows this user and one page of theirs (test/isolation.api.test.ts)
  'connections.facebook': () => ({
    facebookUserId: FACEBOOK_USER_OF_B,
    facebookUserToken: FACEBOOK_TOKEN_OF_B,
    addInstagram: false,
  }),
};

/** Company B's Meta login in the fake Graph server: connecting its page must create B's connection only. */
export const FACEBOOK_USER_OF_B = '900000000000001';
export const FACEBOOK_TOKEN_OF_B = 'user-token-of-b';

/** Routes that name a record only in their query or body (the others name it in their path). */
export const referenceRoutes = new Set([
  'invoices.subscribe',
  'tickets.notes-list',
  'tickets.notes-create',
  'tickets.create',
  'messages.forward',
  'tags.sync',
  'schedules.create',
  'contact-lists.item-list',
  'contact-lists.item-create',
  'chats.upload',
  'campaigns.create',
  'flows.update',
  'flows.duplicate',
  'flows.save-graph',
  'flow-campaigns.create',
  'flow-campaigns.update',
  'queue-integrations.test-session',
  'contacts.import-chats',
]);

/** Own-company routes: the caller's session, lists and creations within the caller's company. */
export const ownCompanyRoutes = new Set([
  'invoices.list',
  'auth.logout',
  'auth.me',
  'auth.ws-ticket',
  'users.push-key',
  'users.push-subscribe',
  'users.push-unsubscribe',
  'users.list',
  'users.picker',
  'users.create',
  'queues.list',
  'connections.list',
  'connections.filter',
  'connections.create',
  'settings.company-one',
  'settings.list',
  'settings.show',
  'settings.update',
  'settings.update-many',
  'settings.company-update',
  'contacts.list',
  'contacts.list-all',
  'contacts.create',
  'contacts.import-row',
  'tags.list',
  'tags.create',
  'tags.page',
  'tags.kanban-lanes',
  'tags.kanban-tickets',
  'tickets.list',
  'tickets.close-all',
  'tickets.report',
  'audit.list',
  'quick-messages.list',
  'quick-messages.picker',
  'quick-messages.create',
  'schedules.list',
  'chats.list',
  'chats.create',
  'contact-lists.list',
  'contact-lists.picker',
  'contact-lists.create',
  'campaigns.list',
  'campaigns.settings',
  'campaigns.settings-save',
  'flows.list',
  'flow-campaigns.list',
  'flows.create',
  'flows.upload-image',
  'flows.upload-audio',
  'flows.upload-content',
  'prompts.list',
  'prompts.create',
  'queue-integrations.list',
  'queue-integrations.create',
  'queues.create',
  'files.list',
  'files.list-all',
  'files.create',
  'connections.session-restart-all',
  'connections.facebook',
  // platform-wide reads every signed-in user makes: help videos and the active announcements
  'helps.list',
  'helps.page',
  'announcements.for-company',
  'dashboard.show',
  'dashboard.tickets-day',
  'dashboard.tickets-users',
  'dashboard.moments',
  'dashboard.ticket-moments',
  'dashboard.messages-count',
  // every company for the super user, the caller's own for anyone else
  'companies.list-all',
]);

/** The super user's platform routes: they name no record, and any company's admin is refused (403) and sees nothing. */
export const superRoutes = new Set([
  'connections.all',
  // they name the company in the path: a company's admin naming company A is refused (403) before anything is read
  'connections.company-list',
  'connections.company-update',
  'connections.company-delete',
  'connections.company-session-start',
  'connections.company-session-new-qr',
  'connections.company-session-disconnect',
  // plans, companies, help entries, announcements and the white label (spec document 2 section 6)
  'plans.all',
  'plans.create',
  'companies.list',
  'companies.create',
  'helps.create',
  'announcements.list',
  'announcements.create',
  'settings.whitelabel-update',
  'settings.whitelabel-logo',
]);

/** Public routes, with the reason each needs no tenant. A new public route must be added here consciously. */
export const publicRoutes: Record<string, string> = {
  'invoices.pix-webhook':
    'Pix payment notices: refused (401) unless signed with PIX_WEBHOOK_SECRET; the charge is read back from the provider',
  'auth.login': 'signs in by e-mail, the company follows from the user',
  'auth.refresh-token': 'acts on the session named by the httpOnly cookie',
  'auth.signup': 'creates a new company',
  'auth.forgot-password': 'mails the owner of the e-mail only',
  'auth.reset-password': 'needs the mailed token',
  'system.version': 'platform version',
  'plans.list-public': 'public plan list for signup',
  'settings.public': 'platform branding and signup switch, whitelisted keys only',
  'settings.whitelabel': 'the platform branding (name, colours, logos) the login page shows before sign-in',
  'settings.app-manifest': 'the installable app manifest: the same platform branding, read by the browser before sign-in',
  'webchat.config': "a web chat's public token: its company name and colour only",
  'webchat.create-visitor': 'creates a visitor of the chat named by the public token',
  'webchat.send': 'a visitor token scoped to one chat and one contact (tickets.api.test.ts checks another chat refuses it)',
  'webchat.messages': 'the same visitor token, the visitor’s own conversation only',
  'webchat.upload-url':
    'the same visitor token; the upload goes under that visitor’s own contact and a send naming another key is refused (webchat-widget.api.test.ts)',
  'webchat.ws-ticket': 'the same visitor token; the ticket opens a socket scoped to that visitor’s conversation only',
  'webhooks.whatsapp-verify': "Meta's subscription check: answers the challenge only to the connection's own verify token",
  'webhooks.whatsapp': "Cloud API deliveries: refused (401) unless signed with the connection's app secret",
  'webhooks.meta-verify': "Meta's subscription check: answers the challenge only to the platform's verify token",
  'webhooks.meta': "Messenger and Instagram deliveries: refused (401) unless signed with the platform's app secret",
  'contacts.picture':
    "a stored profile picture by its random 26-character name (an <img> sends no token): the name is the credential, as the messaging app's own picture links are; any other name answers 404",
  'external-api.openapi': 'the API description, generated from the route table: no tenant data',
  'external-api.docs': 'the API reference page, rendered from the same document: no tenant data',
};
