/**
 * The route table: the one place an HTTP route exists. CDK builds the HTTP API from it, the local gateway
 * dispatches from it and the web client calls through it. Paths are relative to the API prefix `/api`.
 * It holds no schemas, so the web app can ship it without zod: each route's schemas are attached by id in
 * routes.ts, which the compiler makes list every route of this table and no other.
 */
import { rules, type AccessRule } from './permissions.ts';

export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The Lambda function (domain module) that serves a route. */
export const modules = [
  'auth',
  'plans',
  'companies',
  'settings',
  'system',
  'users',
  'queues',
  'connections',
  'tickets',
  'messages',
  'webchat',
  'contacts',
  'tags',
  'quick-messages',
  'schedules',
  'webhooks',
  'files',
  'helps',
  'announcements',
  'dashboard',
  'audit',
  'invoices',
  'contact-lists',
  'chats',
  'external-api',
  'campaigns',
  'flows',
  'queue-integrations',
  'prompts',
  'flow-campaigns',
] as const;
export type ModuleName = (typeof modules)[number];

/**
 * public: no credentials; user: a valid access token of an active session; connection: a connection's token as
 * bearer (the external messages API, checked by its module: companies' systems, not people, call it).
 * Finer rules (profile, super flag, user flags, plan flags) are an AccessRule from permissions.ts.
 */
export type RouteAuth = 'public' | 'user' | 'connection';

export interface RouteEntry {
  /** `<module>.<name>`; the handler lives in functions/src/modules/<module>/handlers/<name>.handler.ts */
  id: string;
  method: HttpMethod;
  path: string;
  module: ModuleName;
  auth: RouteAuth;
  access?: AccessRule;
  /** status of a successful answer; 200 unless stated */
  status?: number;
  /** the handler reads the exact bytes received (signed webhooks): the body is not parsed as JSON first */
  rawBody?: true;
  /** multipart/form-data is accepted besides JSON: its text fields go through the body schema, its files to the handler */
  multipart?: true;
}

const defineRoutes = <const T extends readonly RouteEntry[]>(routes: T) => routes;

export const routeTable = defineRoutes([
  // authentication and session (spec document 1, section 7)
  { id: 'auth.login', method: 'POST', path: '/auth/login', module: 'auth', auth: 'public' },
  { id: 'auth.refresh-token', method: 'POST', path: '/auth/refresh_token', module: 'auth', auth: 'public' },
  { id: 'auth.logout', method: 'DELETE', path: '/auth/logout', module: 'auth', auth: 'user' },
  { id: 'auth.me', method: 'GET', path: '/auth/me', module: 'auth', auth: 'user' },
  { id: 'auth.ws-ticket', method: 'POST', path: '/auth/ws-ticket', module: 'auth', auth: 'user' },
  { id: 'auth.signup', method: 'POST', path: '/auth/signup', module: 'auth', auth: 'public', status: 201 },
  { id: 'auth.forgot-password', method: 'POST', path: '/forgetpassword/{email}', module: 'auth', auth: 'public' },
  { id: 'auth.reset-password', method: 'POST', path: '/resetpasswords', module: 'auth', auth: 'public' },
  // platform lookups
  { id: 'system.version', method: 'GET', path: '/version', module: 'system', auth: 'public' },
  { id: 'plans.list-public', method: 'GET', path: '/plans/list', module: 'plans', auth: 'public' },
  { id: 'companies.list-plan', method: 'GET', path: '/companies/listPlan/{companyId}', module: 'companies', auth: 'user' },
  { id: 'settings.public', method: 'GET', path: '/public-settings/{key}', module: 'settings', auth: 'public' },
  // users (own profile from the avatar menu; the admin users page extends these)
  { id: 'users.picker', method: 'GET', path: '/users/list', module: 'users', auth: 'user' },
  { id: 'users.show', method: 'GET', path: '/users/{id}', module: 'users', auth: 'user' },
  { id: 'users.update', method: 'PUT', path: '/users/{id}', module: 'users', auth: 'user' },
  { id: 'users.create', method: 'POST', path: '/users', module: 'users', auth: 'user', access: rules['admin:area'], status: 201 },
  { id: 'users.list', method: 'GET', path: '/users', module: 'users', auth: 'user' },
  { id: 'users.toggle-width', method: 'PUT', path: '/users/toggleChangeWidht/{userId}', module: 'users', auth: 'user' },
  { id: 'users.delete', method: 'DELETE', path: '/users/{id}', module: 'users', auth: 'user', access: rules['admin:area'] },
  { id: 'users.media-upload', method: 'POST', path: '/users/{id}/media-upload', module: 'users', auth: 'user' },
  // push notifications: this browser's subscription, bound to the caller's session
  { id: 'users.push-key', method: 'GET', path: '/push/vapid-public-key', module: 'users', auth: 'user' },
  { id: 'users.push-subscribe', method: 'POST', path: '/push/subscriptions', module: 'users', auth: 'user', status: 201 },
  { id: 'users.push-unsubscribe', method: 'DELETE', path: '/push/subscriptions', module: 'users', auth: 'user' },
  // inbox lookups
  { id: 'queues.list', method: 'GET', path: '/queue', module: 'queues', auth: 'user' },
  // queues and their chatbot option trees (spec document 2 "Queues page", section 7 "Queues and chatbots"); admins only
  { id: 'queues.show', method: 'GET', path: '/queue/{id}', module: 'queues', auth: 'user', access: rules['admin:area'] },
  {
    id: 'queues.create',
    method: 'POST',
    path: '/queue',
    module: 'queues',
    auth: 'user',
    access: rules['admin:area'],
    status: 201,
  },
  { id: 'queues.update', method: 'PUT', path: '/queue/{id}', module: 'queues', auth: 'user', access: rules['admin:area'] },
  { id: 'queues.delete', method: 'DELETE', path: '/queue/{id}', module: 'queues', auth: 'user', access: rules['admin:area'] },
  // file lists sent by queues and chatbot options (server reference 8.6); changing them is for admins (reference 9.2)
  { id: 'files.list', method: 'GET', path: '/files', module: 'files', auth: 'user', access: rules['admin:area'] },
  { id: 'files.list-all', method: 'GET', path: '/files/list', module: 'files', auth: 'user', access: rules['admin:area'] },
  { id: 'files.show', method: 'GET', path: '/files/{id}', module: 'files', auth: 'user', access: rules['admin:area'] },
  { id: 'files.create', method: 'POST', path: '/files', module: 'files', auth: 'user', access: rules['admin:area'], status: 201 },
  { id: 'files.update', method: 'PUT', path: '/files/{id}', module: 'files', auth: 'user', access: rules['admin:area'] },
  { id: 'files.delete', method: 'DELETE', path: '/files/{id}', module: 'files', auth: 'user', access: rules['admin:area'] },
  { id: 'files.upload', method: 'POST', path: '/files/{id}/upload', module: 'files', auth: 'user', access: rules['admin:area'] },
  { id: 'connections.list', method: 'GET', path: '/whatsapp', module: 'connections', auth: 'user' },
  // the same list narrowed to one channel (spec document 2 section 7): any user, as the list
  { id: 'connections.filter', method: 'GET', path: '/whatsapp/filter', module: 'connections', auth: 'user' },
  // connections (spec document 2 "Connections page" and section 7 "Connections")
  {
    id: 'connections.all',
    method: 'GET',
    path: '/whatsapp/all',
    module: 'connections',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'connections.show',
    method: 'GET',
    path: '/whatsapp/{id}',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:view'],
  },
  {
    id: 'connections.create',
    method: 'POST',
    path: '/whatsapp',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
    status: 201,
  },
  {
    id: 'connections.update',
    method: 'PUT',
    path: '/whatsapp/{id}',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  {
    id: 'connections.delete',
    method: 'DELETE',
    path: '/whatsapp/{id}',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  // WhatsApp (Baileys) sessions: start or try again, new QR code, disconnect, restart all, health
  {
    id: 'connections.session-start',
    method: 'POST',
    path: '/whatsappsession/{id}',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  {
    id: 'connections.session-new-qr',
    method: 'PUT',
    path: '/whatsappsession/{id}',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  {
    id: 'connections.session-disconnect',
    method: 'DELETE',
    path: '/whatsappsession/{id}',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  {
    id: 'connections.session-restart-all',
    method: 'POST',
    path: '/whatsapp-restart',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  {
    id: 'connections.session-health',
    method: 'GET',
    path: '/whatsapp/{id}/health',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:view'],
  },
  // the super user acting on one company's connections from the overview (spec document 2 sections 6 and 7,
  // `whatsapp-admin`): the company is named in the path and the super flag is the only way in
  {
    id: 'connections.company-list',
    method: 'GET',
    path: '/whatsapp-admin/{companyId}',
    module: 'connections',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'connections.company-update',
    method: 'PUT',
    path: '/whatsapp-admin/{companyId}/{id}',
    module: 'connections',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'connections.company-delete',
    method: 'DELETE',
    path: '/whatsapp-admin/{companyId}/{id}',
    module: 'connections',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'connections.company-session-start',
    method: 'POST',
    path: '/whatsapp-admin/{companyId}/{id}/session',
    module: 'connections',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'connections.company-session-new-qr',
    method: 'PUT',
    path: '/whatsapp-admin/{companyId}/{id}/session',
    module: 'connections',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'connections.company-session-disconnect',
    method: 'DELETE',
    path: '/whatsapp-admin/{companyId}/{id}/session',
    module: 'connections',
    auth: 'user',
    access: rules['super:area'],
  },
  // Graph API channels: Messenger and Instagram pages, a Cloud API number's templates
  {
    id: 'connections.facebook',
    method: 'POST',
    path: '/facebook',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
    status: 201,
  },
  { id: 'connections.templates', method: 'GET', path: '/whatsapp/{id}/templates', module: 'connections', auth: 'user' },
  // a connection's greeting media and the closing of its imported tickets (spec document 2 section 7)
  {
    id: 'connections.media-upload',
    method: 'POST',
    path: '/whatsapp/{id}/media-upload',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  {
    id: 'connections.media-remove',
    method: 'DELETE',
    path: '/whatsapp/{id}/media-upload',
    module: 'connections',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  { id: 'settings.company-one', method: 'GET', path: '/companySettingOne', module: 'settings', auth: 'user' },
  // the settings page (spec document 2 "Settings page", section 7 "Settings and branding"); reads of the caller's own options are any user's
  { id: 'settings.list', method: 'GET', path: '/settings', module: 'settings', auth: 'user', access: rules['admin:area'] },
  { id: 'settings.update-many', method: 'PUT', path: '/settings', module: 'settings', auth: 'user', access: rules['admin:area'] },
  {
    id: 'settings.update',
    method: 'PUT',
    path: '/settings/{key}',
    module: 'settings',
    auth: 'user',
    access: rules['admin:area'],
  },
  { id: 'settings.show', method: 'GET', path: '/setting/{key}', module: 'settings', auth: 'user' },
  { id: 'settings.company', method: 'GET', path: '/companySettings/{companyId}', module: 'settings', auth: 'user' },
  {
    id: 'settings.company-update',
    method: 'PUT',
    path: '/companySettings',
    module: 'settings',
    auth: 'user',
    access: rules['admin:area'],
  },
  {
    id: 'companies.schedules',
    method: 'GET',
    path: '/companies/{id}/schedules',
    module: 'companies',
    auth: 'user',
    access: rules['admin:area'],
  },
  {
    id: 'companies.schedules-update',
    method: 'PUT',
    path: '/companies/{id}/schedules',
    module: 'companies',
    auth: 'user',
    access: rules['admin:area'],
  },
  // tickets (spec document 1, section 7)
  { id: 'tickets.list', method: 'GET', path: '/tickets', module: 'tickets', auth: 'user' },
  { id: 'tickets.show-by-uuid', method: 'GET', path: '/tickets/u/{uuid}', module: 'tickets', auth: 'user' },
  { id: 'tickets.show', method: 'GET', path: '/tickets/{id}', module: 'tickets', auth: 'user' },
  { id: 'tickets.create', method: 'POST', path: '/tickets', module: 'tickets', auth: 'user', status: 201 },
  { id: 'tickets.update', method: 'PUT', path: '/tickets/{id}', module: 'tickets', auth: 'user' },
  {
    id: 'tickets.delete',
    method: 'DELETE',
    path: '/tickets/{id}',
    module: 'tickets',
    auth: 'user',
    access: rules['ticket-options:deleteTicket'],
  },
  {
    id: 'tickets.close-all',
    method: 'POST',
    path: '/tickets/closeAll',
    module: 'tickets',
    auth: 'user',
    access: rules['tickets-manager:closeAll'],
  },
  // the tickets an import of a connection's old messages created; who may change connections closes them
  {
    id: 'tickets.close-imported',
    method: 'POST',
    path: '/closedimported/{id}',
    module: 'tickets',
    auth: 'user',
    access: rules['connections-page:addConnection'],
  },
  { id: 'tickets.logs', method: 'GET', path: '/tickets-log/{id}', module: 'tickets', auth: 'user' },
  { id: 'tickets.tag-add', method: 'PUT', path: '/ticket-tags/{ticketId}/{tagId}', module: 'tickets', auth: 'user' },
  { id: 'tickets.tags-remove', method: 'DELETE', path: '/ticket-tags/{ticketId}', module: 'tickets', auth: 'user' },
  { id: 'tickets.notes-list', method: 'GET', path: '/ticket-notes/list', module: 'tickets', auth: 'user' },
  { id: 'tickets.notes-create', method: 'POST', path: '/ticket-notes', module: 'tickets', auth: 'user', status: 201 },
  { id: 'tickets.notes-delete', method: 'DELETE', path: '/ticket-notes/{id}', module: 'tickets', auth: 'user' },
  // the ticket report (spec document 2 "Ticket report (/reports)", section 7): who may open the page
  {
    id: 'tickets.report',
    method: 'GET',
    path: '/ticketreport/reports',
    module: 'tickets',
    auth: 'user',
    access: rules['dashboard:view'],
  },
  // the audit log of administrative changes: the company's admins, and the super user for any company
  { id: 'audit.list', method: 'GET', path: '/audit-logs', module: 'audit', auth: 'user', access: rules['admin:area'] },
  // messages
  { id: 'messages.list', method: 'GET', path: '/messages/{id}', module: 'messages', auth: 'user' },
  { id: 'messages.send', method: 'POST', path: '/messages/{id}', module: 'messages', auth: 'user', status: 201 },
  { id: 'messages.upload-url', method: 'POST', path: '/messages/{id}/upload-url', module: 'messages', auth: 'user' },
  { id: 'messages.edit', method: 'POST', path: '/messages/edit/{messageId}/{ticketId}', module: 'messages', auth: 'user' },
  { id: 'messages.delete', method: 'DELETE', path: '/messages/{id}', module: 'messages', auth: 'user' },
  { id: 'messages.forward', method: 'POST', path: '/message/forward', module: 'messages', auth: 'user', status: 201 },
  {
    id: 'messages.send-template',
    method: 'POST',
    path: '/messages/{id}/template',
    module: 'messages',
    auth: 'user',
    status: 201,
  },
  // the website chat widget (public: a visitor token, not a user session)
  { id: 'webchat.config', method: 'GET', path: '/webchat/{token}', module: 'webchat', auth: 'public' },
  {
    id: 'webchat.create-visitor',
    method: 'POST',
    path: '/webchat/{token}/visitors',
    module: 'webchat',
    auth: 'public',
    status: 201,
  },
  { id: 'webchat.send', method: 'POST', path: '/webchat/{token}/messages', module: 'webchat', auth: 'public', status: 202 },
  { id: 'webchat.messages', method: 'GET', path: '/webchat/{token}/messages', module: 'webchat', auth: 'public' },
  { id: 'webchat.ws-ticket', method: 'POST', path: '/webchat/{token}/ws-ticket', module: 'webchat', auth: 'public' },
  { id: 'webchat.upload-url', method: 'POST', path: '/webchat/{token}/upload-url', module: 'webchat', auth: 'public' },
  // Meta's webhooks (public: each post is signed with an app secret, checked over the exact bytes)
  { id: 'webhooks.whatsapp-verify', method: 'GET', path: '/webhooks/whatsapp/{key}', module: 'webhooks', auth: 'public' },
  {
    id: 'webhooks.whatsapp',
    method: 'POST',
    path: '/webhooks/whatsapp/{key}',
    module: 'webhooks',
    auth: 'public',
    rawBody: true,
  },
  { id: 'webhooks.meta-verify', method: 'GET', path: '/webhooks/meta', module: 'webhooks', auth: 'public' },
  { id: 'webhooks.meta', method: 'POST', path: '/webhooks/meta', module: 'webhooks', auth: 'public', rawBody: true },
  // contacts (spec document 1, sections 2 "Contacts", 5, 6 and 7 "Contacts")
  { id: 'contacts.list', method: 'GET', path: '/contacts', module: 'contacts', auth: 'user' },
  { id: 'contacts.list-all', method: 'GET', path: '/contacts/list', module: 'contacts', auth: 'user' },
  { id: 'contacts.show', method: 'GET', path: '/contacts/{id}', module: 'contacts', auth: 'user' },
  { id: 'contacts.create', method: 'POST', path: '/contacts', module: 'contacts', auth: 'user', status: 201 },
  { id: 'contacts.update', method: 'PUT', path: '/contacts/{id}', module: 'contacts', auth: 'user' },
  {
    id: 'contacts.delete',
    method: 'DELETE',
    path: '/contacts/{id}',
    module: 'contacts',
    auth: 'user',
    access: rules['contacts-page:deleteContact'],
  },
  {
    id: 'contacts.toggle-accept-audio',
    method: 'PUT',
    path: '/contacts/toggleAcceptAudio/{id}',
    module: 'contacts',
    auth: 'user',
  },
  { id: 'contacts.toggle-disable-bot', method: 'PUT', path: '/contacts/toggleDisableBot/{id}', module: 'contacts', auth: 'user' },
  { id: 'contacts.block', method: 'PUT', path: '/contacts/block/{id}', module: 'contacts', auth: 'user' },
  { id: 'contacts.profile', method: 'GET', path: '/contacts/profile/{number}', module: 'contacts', auth: 'user' },
  { id: 'contacts.import-row', method: 'POST', path: '/contactsImport', module: 'contacts', auth: 'user', status: 201 },
  { id: 'contacts.tags', method: 'GET', path: '/contactTags/{id}', module: 'contacts', auth: 'user' },
  {
    id: 'contacts.import-chats',
    method: 'POST',
    path: '/contacts/import/chats',
    module: 'contacts',
    auth: 'user',
    access: rules['admin:area'],
  },
  // an <img> sends no bearer token: the unguessable stored name is the credential, and the answer is a redirect to
  // a signed address of the file (ticket lists keep a copy of the contact, so the link itself never expires)
  {
    id: 'contacts.picture',
    method: 'GET',
    path: '/contact-pictures/{companyId}/{file}',
    module: 'contacts',
    auth: 'public',
    status: 302,
  },
  // tags (spec document 1 section 7 "Contacts", document 2 "Tags and kanban")
  { id: 'tags.list', method: 'GET', path: '/tags/list', module: 'tags', auth: 'user' },
  { id: 'tags.create', method: 'POST', path: '/tags', module: 'tags', auth: 'user', status: 201 },
  { id: 'tags.sync', method: 'POST', path: '/tags/sync', module: 'tags', auth: 'user' },
  { id: 'tags.remove-contact', method: 'DELETE', path: '/tags-contacts/{tagId}/{contactId}', module: 'tags', auth: 'user' },
  { id: 'tags.page', method: 'GET', path: '/tags', module: 'tags', auth: 'user' },
  { id: 'tags.show', method: 'GET', path: '/tags/{id}', module: 'tags', auth: 'user' },
  { id: 'tags.update', method: 'PUT', path: '/tags/{id}', module: 'tags', auth: 'user' },
  { id: 'tags.delete', method: 'DELETE', path: '/tags/{id}', module: 'tags', auth: 'user' },
  { id: 'tags.contacts', method: 'GET', path: '/tags/{id}/contacts', module: 'tags', auth: 'user' },
  // kanban lanes and the board (spec document 2 "Tags and kanban lanes"); the board needs the plan's useKanban
  { id: 'tags.kanban-lanes', method: 'GET', path: '/tag/kanban', module: 'tags', auth: 'user' },
  { id: 'tags.kanban-tickets', method: 'GET', path: '/ticket/kanban', module: 'tags', auth: 'user', access: rules['kanban:use'] },
  // scheduled messages (spec document 1 "Schedule", document 3 "Schedules (/schedules)"); the plan's useSchedules flag
  { id: 'schedules.list', method: 'GET', path: '/schedules', module: 'schedules', auth: 'user', access: rules['schedules:use'] },
  {
    id: 'schedules.show',
    method: 'GET',
    path: '/schedules/{id}',
    module: 'schedules',
    auth: 'user',
    access: rules['schedules:use'],
  },
  {
    id: 'schedules.create',
    method: 'POST',
    path: '/schedules',
    module: 'schedules',
    auth: 'user',
    access: rules['schedules:use'],
    status: 201,
  },
  {
    id: 'schedules.update',
    method: 'PUT',
    path: '/schedules/{id}',
    module: 'schedules',
    auth: 'user',
    access: rules['schedules:use'],
  },
  {
    id: 'schedules.delete',
    method: 'DELETE',
    path: '/schedules/{id}',
    module: 'schedules',
    auth: 'user',
    access: rules['schedules:use'],
  },
  {
    id: 'schedules.media-upload',
    method: 'POST',
    path: '/schedules/{id}/media-upload',
    module: 'schedules',
    auth: 'user',
    access: rules['schedules:use'],
  },
  {
    id: 'schedules.media-remove',
    method: 'DELETE',
    path: '/schedules/{id}/media-upload',
    module: 'schedules',
    auth: 'user',
    access: rules['schedules:use'],
  },
  // dashboard and live attendance panel (spec document 2 "Dashboard", "Live attendance panel", section 7 "Dashboard"; server reference 10)
  { id: 'dashboard.show', method: 'GET', path: '/dashboard', module: 'dashboard', auth: 'user', access: rules['dashboard:view'] },
  {
    id: 'dashboard.tickets-day',
    method: 'GET',
    path: '/dashboard/ticketsDay',
    module: 'dashboard',
    auth: 'user',
    access: rules['dashboard:view'],
  },
  {
    id: 'dashboard.tickets-users',
    method: 'GET',
    path: '/dashboard/ticketsUsers',
    module: 'dashboard',
    auth: 'user',
    access: rules['dashboard:view'],
  },
  {
    id: 'dashboard.moments',
    method: 'GET',
    path: '/usersMoments',
    module: 'dashboard',
    auth: 'user',
    access: rules['moments:view'],
  },
  // the dashboard's tickets of a period and its message count (spec document 2 section 7 "Dashboard"): the dashboard's rule
  {
    id: 'dashboard.ticket-moments',
    method: 'GET',
    path: '/dashboard/moments',
    module: 'dashboard',
    auth: 'user',
    access: rules['dashboard:view'],
  },
  {
    id: 'dashboard.messages-count',
    method: 'GET',
    path: '/messages-allMe',
    module: 'dashboard',
    auth: 'user',
    access: rules['dashboard:view'],
  },
  // quick replies (spec document 3 "Quick replies (/quick-messages)" and section 7 "Quick replies"; document 1 "Quick message (as used in the input)")
  { id: 'quick-messages.list', method: 'GET', path: '/quick-messages', module: 'quick-messages', auth: 'user' },
  { id: 'quick-messages.picker', method: 'GET', path: '/quick-messages/list', module: 'quick-messages', auth: 'user' },
  { id: 'quick-messages.show', method: 'GET', path: '/quick-messages/{id}', module: 'quick-messages', auth: 'user' },
  { id: 'quick-messages.create', method: 'POST', path: '/quick-messages', module: 'quick-messages', auth: 'user', status: 201 },
  { id: 'quick-messages.update', method: 'PUT', path: '/quick-messages/{id}', module: 'quick-messages', auth: 'user' },
  { id: 'quick-messages.delete', method: 'DELETE', path: '/quick-messages/{id}', module: 'quick-messages', auth: 'user' },
  {
    id: 'quick-messages.media-upload',
    method: 'POST',
    path: '/quick-messages/{id}/media-upload',
    module: 'quick-messages',
    auth: 'user',
  },
  {
    id: 'quick-messages.media-remove',
    method: 'DELETE',
    path: '/quick-messages/{id}/media-upload',
    module: 'quick-messages',
    auth: 'user',
  },
  // contact lists and their items (spec document 3 "Contact lists", "Contact list items", sections 5 to 7): an admin page of the campaigns feature
  {
    id: 'contact-lists.list',
    method: 'GET',
    path: '/contact-lists',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  {
    id: 'contact-lists.picker',
    method: 'GET',
    path: '/contact-lists/list',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  {
    id: 'contact-lists.show',
    method: 'GET',
    path: '/contact-lists/{id}',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  {
    id: 'contact-lists.create',
    method: 'POST',
    path: '/contact-lists',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
    status: 201,
  },
  {
    id: 'contact-lists.update',
    method: 'PUT',
    path: '/contact-lists/{id}',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  {
    id: 'contact-lists.delete',
    method: 'DELETE',
    path: '/contact-lists/{id}',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  {
    id: 'contact-lists.upload',
    method: 'POST',
    path: '/contact-lists/{id}/upload',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  {
    id: 'contact-lists.import-start',
    method: 'POST',
    path: '/contact-lists/{id}/imports/{importId}',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
    status: 202,
  },
  {
    id: 'contact-lists.item-list',
    method: 'GET',
    path: '/contact-list-items',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  {
    id: 'contact-lists.item-show',
    method: 'GET',
    path: '/contact-list-items/{id}',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  {
    id: 'contact-lists.item-create',
    method: 'POST',
    path: '/contact-list-items',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
    status: 201,
  },
  {
    id: 'contact-lists.item-update',
    method: 'PUT',
    path: '/contact-list-items/{id}',
    module: 'contact-lists',
    auth: 'user',
    access: rules['contact-lists:use'],
  },
  // deleting an item also takes contacts-page:deleteContact (spec document 3 section 6)
  {
    id: 'contact-lists.item-delete',
    method: 'DELETE',
    path: '/contact-list-items/{id}',
    module: 'contact-lists',
    auth: 'user',
    access: { ...rules['contacts-page:deleteContact'], ...rules['contact-lists:use'] },
  },
  // campaigns and their settings (spec document 3 "Campaigns list", "Campaign dialog", "Campaign settings", "Campaign report", section 7; server reference 6)
  { id: 'campaigns.list', method: 'GET', path: '/campaigns', module: 'campaigns', auth: 'user', access: rules['campaigns:use'] },
  {
    id: 'campaigns.show',
    method: 'GET',
    path: '/campaigns/{id}',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.shipping',
    method: 'GET',
    path: '/campaigns/{id}/shipping',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.create',
    method: 'POST',
    path: '/campaigns',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
    status: 201,
  },
  {
    id: 'campaigns.update',
    method: 'PUT',
    path: '/campaigns/{id}',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.delete',
    method: 'DELETE',
    path: '/campaigns/{id}',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.cancel',
    method: 'POST',
    path: '/campaigns/{id}/cancel',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.restart',
    method: 'POST',
    path: '/campaigns/{id}/restart',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.media-upload',
    method: 'POST',
    path: '/campaigns/{id}/media-upload',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.media-remove',
    method: 'DELETE',
    path: '/campaigns/{id}/media-upload',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.settings',
    method: 'GET',
    path: '/campaign-settings',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  {
    id: 'campaigns.settings-save',
    method: 'POST',
    path: '/campaign-settings',
    module: 'campaigns',
    auth: 'user',
    access: rules['campaigns:use'],
  },
  // the super user's platform administration (spec document 2 "Companies (super)", sections 3 to 7; document 3
  // "Announcements" and "Help videos"): plans, companies, help entries, announcements and the white label
  { id: 'plans.all', method: 'GET', path: '/plans/all', module: 'plans', auth: 'user', access: rules['super:area'] },
  { id: 'plans.show', method: 'GET', path: '/plans/{id}', module: 'plans', auth: 'user', access: rules['super:area'] },
  { id: 'plans.create', method: 'POST', path: '/plans', module: 'plans', auth: 'user', access: rules['super:area'], status: 201 },
  { id: 'plans.update', method: 'PUT', path: '/plans/{id}', module: 'plans', auth: 'user', access: rules['super:area'] },
  { id: 'plans.delete', method: 'DELETE', path: '/plans/{id}', module: 'plans', auth: 'user', access: rules['super:area'] },
  { id: 'companies.list', method: 'GET', path: '/companies', module: 'companies', auth: 'user', access: rules['super:area'] },
  // every company for the super user, the caller's own for anyone else (server reference 9.2)
  { id: 'companies.list-all', method: 'GET', path: '/companies/list', module: 'companies', auth: 'user' },
  {
    id: 'companies.show',
    method: 'GET',
    path: '/companies/{id}',
    module: 'companies',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'companies.create',
    method: 'POST',
    path: '/companies',
    module: 'companies',
    auth: 'user',
    access: rules['super:area'],
    status: 201,
  },
  {
    id: 'companies.update',
    method: 'PUT',
    path: '/companies/{id}',
    module: 'companies',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'companies.delete',
    method: 'DELETE',
    path: '/companies/{id}',
    module: 'companies',
    auth: 'user',
    access: rules['super:area'],
  },
  { id: 'helps.list', method: 'GET', path: '/helps/list', module: 'helps', auth: 'user' },
  // the super user's help tab pages and searches the same entries every user reads from /helps/list
  { id: 'helps.page', method: 'GET', path: '/helps', module: 'helps', auth: 'user' },
  { id: 'helps.create', method: 'POST', path: '/helps', module: 'helps', auth: 'user', access: rules['super:area'], status: 201 },
  { id: 'helps.update', method: 'PUT', path: '/helps/{id}', module: 'helps', auth: 'user', access: rules['super:area'] },
  { id: 'helps.delete', method: 'DELETE', path: '/helps/{id}', module: 'helps', auth: 'user', access: rules['super:area'] },
  { id: 'announcements.for-company', method: 'GET', path: '/announcements/for-company', module: 'announcements', auth: 'user' },
  {
    id: 'announcements.list',
    method: 'GET',
    path: '/announcements',
    module: 'announcements',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'announcements.show',
    method: 'GET',
    path: '/announcements/{id}',
    module: 'announcements',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'announcements.create',
    method: 'POST',
    path: '/announcements',
    module: 'announcements',
    auth: 'user',
    access: rules['super:area'],
    status: 201,
  },
  {
    id: 'announcements.update',
    method: 'PUT',
    path: '/announcements/{id}',
    module: 'announcements',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'announcements.delete',
    method: 'DELETE',
    path: '/announcements/{id}',
    module: 'announcements',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'announcements.media-upload',
    method: 'POST',
    path: '/announcements/{id}/media-upload',
    module: 'announcements',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'announcements.media-remove',
    method: 'DELETE',
    path: '/announcements/{id}/media-upload',
    module: 'announcements',
    auth: 'user',
    access: rules['super:area'],
  },
  { id: 'settings.whitelabel', method: 'GET', path: '/settings-whitelabel', module: 'settings', auth: 'public' },
  // the installable app's manifest, branded with the white label (the browser reads it before anyone signs in)
  { id: 'settings.app-manifest', method: 'GET', path: '/app-manifest', module: 'settings', auth: 'public' },
  {
    id: 'settings.whitelabel-update',
    method: 'PUT',
    path: '/settings-whitelabel',
    module: 'settings',
    auth: 'user',
    access: rules['super:area'],
  },
  {
    id: 'settings.whitelabel-logo',
    method: 'POST',
    path: '/settings-whitelabel/logo',
    module: 'settings',
    auth: 'user',
    access: rules['super:area'],
  },
  // internal chat (spec document 3 "Internal chat", sections 4 to 7; server reference 11 and 13); the plan's useInternalChat.
  // Members only read and post (others 404); only the owner changes or deletes a chat.
  { id: 'chats.list', method: 'GET', path: '/chats', module: 'chats', auth: 'user', access: rules['chats:use'] },
  { id: 'chats.create', method: 'POST', path: '/chats', module: 'chats', auth: 'user', access: rules['chats:use'], status: 201 },
  { id: 'chats.show', method: 'GET', path: '/chats/{id}', module: 'chats', auth: 'user', access: rules['chats:use'] },
  { id: 'chats.update', method: 'PUT', path: '/chats/{id}', module: 'chats', auth: 'user', access: rules['chats:use'] },
  { id: 'chats.delete', method: 'DELETE', path: '/chats/{id}', module: 'chats', auth: 'user', access: rules['chats:use'] },
  {
    id: 'chats.messages',
    method: 'GET',
    path: '/chats/{id}/messages',
    module: 'chats',
    auth: 'user',
    access: rules['chats:use'],
  },
  {
    id: 'chats.send',
    method: 'POST',
    path: '/chats/{id}/messages',
    module: 'chats',
    auth: 'user',
    access: rules['chats:use'],
    status: 201,
  },
  { id: 'chats.read', method: 'POST', path: '/chats/{id}/read', module: 'chats', auth: 'user', access: rules['chats:use'] },
  { id: 'chats.upload', method: 'POST', path: '/chats/upload', module: 'chats', auth: 'user', access: rules['chats:use'] },
  {
    id: 'chats.edit-message',
    method: 'PUT',
    path: '/chats/messages/{messageId}',
    module: 'chats',
    auth: 'user',
    access: rules['chats:use'],
  },
  {
    id: 'chats.delete-message',
    method: 'DELETE',
    path: '/chats/messages/{messageId}',
    module: 'chats',
    auth: 'user',
    access: rules['chats:use'],
  },
  // invoices and the subscription checkout (spec document 2 "Invoices", "Subscription checkout dialog", section 7); admins only
  { id: 'invoices.list', method: 'GET', path: '/invoices', module: 'invoices', auth: 'user', access: rules['admin:area'] },
  {
    id: 'invoices.subscribe',
    method: 'POST',
    path: '/subscription',
    module: 'invoices',
    auth: 'user',
    access: rules['admin:area'],
  },
  // the Pix provider's payment notices (public: signed with PIX_WEBHOOK_SECRET over the exact bytes)
  { id: 'invoices.pix-webhook', method: 'POST', path: '/webhooks/pix', module: 'invoices', auth: 'public', rawBody: true },
  // the external messages API (spec document 3 "External API page", section 7; server reference 12) and the API's
  // reference: the OpenAPI document and a page reading it, both public
  {
    id: 'external-api.send',
    method: 'POST',
    path: '/v1/messages/send',
    module: 'external-api',
    auth: 'connection',
    multipart: true,
  },
  { id: 'external-api.openapi', method: 'GET', path: '/openapi.json', module: 'external-api', auth: 'public' },
  { id: 'external-api.docs', method: 'GET', path: '/docs', module: 'external-api', auth: 'public' },
  // conversation flows (spec document 3 "Flow list", "Flow editor", sections 5 and 7 "Flows"; server reference 5.1): admins of a plan with integrations
  { id: 'flows.list', method: 'GET', path: '/flowbuilder', module: 'flows', auth: 'user', access: rules['flowbuilders:use'] },
  {
    id: 'flows.create',
    method: 'POST',
    path: '/flowbuilder',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
    status: 201,
  },
  { id: 'flows.update', method: 'PUT', path: '/flowbuilder', module: 'flows', auth: 'user', access: rules['flowbuilders:use'] },
  {
    id: 'flows.show',
    method: 'GET',
    path: '/flowbuilder/{id}',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flows.delete',
    method: 'DELETE',
    path: '/flowbuilder/{id}',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flows.duplicate',
    method: 'POST',
    path: '/flowbuilder/duplicate',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
    status: 201,
  },
  {
    id: 'flows.save-graph',
    method: 'POST',
    path: '/flowbuilder/flow',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flows.graph',
    method: 'GET',
    path: '/flowbuilder/flow/{id}',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flows.upload-image',
    method: 'POST',
    path: '/flowbuilder/img',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flows.upload-audio',
    method: 'POST',
    path: '/flowbuilder/audio',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flows.upload-content',
    method: 'POST',
    path: '/flowbuilder/content',
    module: 'flows',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  // phrase campaigns (spec document 3 "Phrase campaigns (/phrase-lists)", section 7; server reference 5.4): the flows' rule; deleting also takes contacts-page:deleteContact (section 6)
  {
    id: 'flow-campaigns.list',
    method: 'GET',
    path: '/flowcampaign',
    module: 'flow-campaigns',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flow-campaigns.create',
    method: 'POST',
    path: '/flowcampaign',
    module: 'flow-campaigns',
    auth: 'user',
    access: rules['flowbuilders:use'],
    status: 201,
  },
  {
    id: 'flow-campaigns.update',
    method: 'PUT',
    path: '/flowcampaign',
    module: 'flow-campaigns',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flow-campaigns.show',
    method: 'GET',
    path: '/flowcampaign/{id}',
    module: 'flow-campaigns',
    auth: 'user',
    access: rules['flowbuilders:use'],
  },
  {
    id: 'flow-campaigns.delete',
    method: 'DELETE',
    path: '/flowcampaign/{id}',
    module: 'flow-campaigns',
    auth: 'user',
    access: { ...rules['contacts-page:deleteContact'], ...rules['flowbuilders:use'] },
  },
  // integrations (spec document 3 "Integrations (/queue-integration)", sections 3, 5 and 7 "Integrations"; server reference 8)
  {
    id: 'queue-integrations.list',
    method: 'GET',
    path: '/queueIntegration',
    module: 'queue-integrations',
    auth: 'user',
    access: rules['integrations:use'],
  },
  {
    id: 'queue-integrations.create',
    method: 'POST',
    path: '/queueIntegration',
    module: 'queue-integrations',
    auth: 'user',
    access: rules['integrations:use'],
    status: 201,
  },
  {
    id: 'queue-integrations.test-session',
    method: 'POST',
    path: '/queueIntegration/testSession',
    module: 'queue-integrations',
    auth: 'user',
    access: rules['integrations:use'],
  },
  {
    id: 'queue-integrations.show',
    method: 'GET',
    path: '/queueIntegration/{id}',
    module: 'queue-integrations',
    auth: 'user',
    access: rules['integrations:use'],
  },
  {
    id: 'queue-integrations.update',
    method: 'PUT',
    path: '/queueIntegration/{id}',
    module: 'queue-integrations',
    auth: 'user',
    access: rules['integrations:use'],
  },
  {
    id: 'queue-integrations.delete',
    method: 'DELETE',
    path: '/queueIntegration/{id}',
    module: 'queue-integrations',
    auth: 'user',
    access: rules['integrations:use'],
  },
  // AI prompts (spec document 3 "AI prompts (/prompts)", sections 3, 5 to 7 "Prompts"; server reference 8.4): admins of a plan with OpenAI
  { id: 'prompts.list', method: 'GET', path: '/prompt', module: 'prompts', auth: 'user', access: rules['prompts:use'] },
  {
    id: 'prompts.create',
    method: 'POST',
    path: '/prompt',
    module: 'prompts',
    auth: 'user',
    access: rules['prompts:use'],
    status: 201,
  },
  { id: 'prompts.show', method: 'GET', path: '/prompt/{id}', module: 'prompts', auth: 'user', access: rules['prompts:use'] },
  { id: 'prompts.update', method: 'PUT', path: '/prompt/{id}', module: 'prompts', auth: 'user', access: rules['prompts:use'] },
  { id: 'prompts.delete', method: 'DELETE', path: '/prompt/{id}', module: 'prompts', auth: 'user', access: rules['prompts:use'] },
] as const satisfies readonly RouteEntry[]);

export type RouteId = (typeof routeTable)[number]['id'];

export const routeEntry = (id: RouteId): RouteEntry => {
  const found = routeTable.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route ${id}`);
  return found;
};

/** API Gateway's route key for a route, e.g. `POST /api/auth/login`. */
export const routeKey = (r: Pick<RouteEntry, 'method' | 'path'>): string => `${r.method} ${API_PREFIX}${r.path}`;

/** Fills `{name}` placeholders of a route path with encoded values. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * Matches a concrete path against route paths the way API Gateway does: a literal segment wins over a
 * `{param}` segment at the same position, so `/contacts/list` is chosen before `/contacts/{id}`.
 */
export const matchRouteIn = <R extends Pick<RouteEntry, 'method' | 'path'>>(
  table: readonly R[],
  method: string,
  path: string,
): { route: R; params: Record<string, string> } | { methodNotAllowed: true } | undefined => {
  const actual = segmentsOf(path);
  let best: { route: R; params: Record<string, string>; score: string } | undefined;
  let pathMatched = false;
  for (const route of table) {
    const expected = segmentsOf(route.path);
    if (expected.length !== actual.length) continue;
    const params: Record<string, string> = {};
    let score = '';
    let ok = true;
    for (let i = 0; i < expected.length && ok; i++) {
      const seg = expected[i]!;
      const param = /^\{(\w+)\}$/.exec(seg);
      if (param) {
        try {
          params[param[1]!] = decodeURIComponent(actual[i]!);
        } catch {
          ok = false;
        }
        score += '0';
      } else if (seg === actual[i]) {
        score += '1';
      } else {
        ok = false;
      }
    }
    if (!ok) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    if (!best || score > best.score) best = { route, params, score };
  }
  if (best) return { route: best.route, params: best.params };
  return pathMatched ? { methodNotAllowed: true } : undefined;
};
