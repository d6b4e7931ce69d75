/**
 * The schemas of each route of the route table (route-table.ts), for the handlers that validate with them and
 * the types of the web client. A route exists only in the table; here it gets its params, query, body and
 * answer schemas by id.
 */
import { z } from 'zod';
import {
  forgotPasswordParams,
  forgotPasswordResponse,
  loginBody,
  resetPasswordBody,
  sessionResponse,
  signupBody,
  user,
  versionResponse,
  wsTicketResponse,
} from './contracts/auth.ts';
import { okResponse } from './contracts/common.ts';
import { pushSubscriptionBody, pushUnsubscribeBody, vapidPublicKeyResponse } from './contracts/push.ts';
import {
  closeImportedResponse,
  companyConnectionParams,
  companyConnectionsDetail,
  companyTargetParams,
  connection,
  connectionFilterQuery,
  connectionIdParams,
  connectionsOverview,
  connectionsOverviewQuery,
  createConnectionBody,
  facebookConnectBody,
  facebookConnectResponse,
  greetingMediaBody,
  greetingMediaResponse,
  messageTemplates,
  sessionHealth,
  updateConnectionBody,
} from './contracts/connections.ts';
import { metaWebhookQuery, whatsappWebhookParams } from './contracts/webhooks.ts';
import {
  kanbanLanesResponse,
  kanbanTicketsQuery,
  syncTagsBody,
  tag,
  tagBody,
  tagContactParams,
  tagContactsQuery,
  tagIdParams,
  tagListQuery,
  tagListResponse,
  tagPageQuery,
  tagPageResponse,
} from './contracts/tags.ts';
import { companyPlan, listPlanParams, plan, planBody, planIdParams, planList } from './contracts/plans.ts';
import { invoiceListQuery, invoiceListResponse, pixResponse, subscriptionBody } from './contracts/invoices.ts';
import {
  adminCompany,
  companyChoiceQuery,
  companyChoiceResponse,
  companyIdParams,
  companyListQuery,
  companyListResponse,
  createCompanyBody,
  updateCompanyBody,
} from './contracts/companies.ts';
import { help, helpBody, helpIdParams, helpList, helpPage, helpPageQuery } from './contracts/helps.ts';
import {
  announcement,
  announcementBody,
  announcementIdParams,
  announcementList,
  announcementListQuery,
  announcementMediaBody,
  announcementMediaResponse,
} from './contracts/announcements.ts';
import {
  publicSettingParams,
  publicSettingResponse,
  whitelabel,
  appManifest,
  whitelabelBody,
  whitelabelLogoBody,
  whitelabelLogoResponse,
} from './contracts/settings.ts';
import {
  companySchedules,
  companySchedulesBody,
  companySchedulesParams,
  companySettingQuery,
  companySettingsColumnBody,
  companySettingsParams,
  companySettingsPatchBody,
  companySettingsResponse,
  settingEntry,
  settingKeyParams,
  settingList,
  settingValueBody,
} from './contracts/company-settings.ts';
import {
  createUserBody,
  toggleWidthBody,
  toggleWidthParams,
  updateUserBody,
  userIdParams,
  userListItem,
  userListQuery,
  userMediaBody,
  userMediaResponse,
  userPickerResponse,
} from './contracts/users.ts';
import {
  editMessageBody,
  editMessageParams,
  forwardMessageBody,
  message,
  messageIdParams,
  messageListParams,
  messageListQuery,
  messageListResponse,
  sendMessageBody,
  sendTemplateBody,
  uploadUrlBody,
  uploadUrlResponse,
} from './contracts/messages.ts';
import { queue, queueBody, queueDetails, queueIdParams } from './contracts/queues.ts';
import {
  closeAllBody,
  createNoteBody,
  createTicketBody,
  kanbanTicketsResponse,
  noteIdParams,
  noteListQuery,
  ticket,
  ticketIdParams,
  ticketListQuery,
  ticketListResponse,
  ticketLog,
  ticketNote,
  ticketTagParams,
  ticketTagsParams,
  ticketUuidParams,
  updateTicketBody,
} from './contracts/tickets.ts';
import {
  createVisitorBody,
  visitorMessage,
  visitorMessageBody,
  visitorMessages,
  visitorSession,
  visitorSocketTicket,
  visitorUploadBody,
  visitorUploadTarget,
  webchatTokenParams,
  widgetConfig,
} from './contracts/webchat.ts';
import {
  blockContactBody,
  contact,
  contactIdParams,
  contactImportResponse,
  contactImportRow,
  contactListAllQuery,
  contactListAllResponse,
  contactListQuery,
  contactListResponse,
  contactProfileParams,
  contactProfileResponse,
  contactPictureParams,
  contactTagsResponse,
  createContactBody,
  importChatsBody,
  importChatsResponse,
  tagContactsResponse,
  toggleAcceptAudioBody,
  toggleDisableBotBody,
  updateContactBody,
} from './contracts/contacts.ts';
import {
  createQuickMessageBody,
  quickMessage,
  quickMessageIdParams,
  quickMessageListQuery,
  quickMessageListResponse,
  quickMessageMediaBody,
  quickMessageMediaResponse,
  quickMessagePickerQuery,
  quickMessagePickerResponse,
  updateQuickMessageBody,
} from './contracts/quick-messages.ts';
import {
  schedule,
  scheduleBody,
  scheduleIdParams,
  scheduleListQuery,
  scheduleListResponse,
  scheduleMediaBody,
  scheduleMediaResponse,
} from './contracts/schedules.ts';
import {
  campaign,
  campaignBody,
  campaignDetails,
  campaignIdParams,
  campaignListQuery,
  campaignListResponse,
  campaignMediaBody,
  campaignMediaResponse,
  campaignSettingsResponse,
  campaignShippingQuery,
  campaignShippingResponse,
  saveCampaignSettingsBody,
} from './contracts/campaigns.ts';
import {
  createFlowBody,
  duplicateFlowBody,
  flow,
  flowAudioUpload,
  flowContentUpload,
  flowContentUploadResponse,
  flowIdParams,
  flowImageUpload,
  flowListQuery,
  flowListResponse,
  flowUploadTarget,
  flowWithGraph,
  saveFlowGraphBody,
  updateFlowBody,
} from './contracts/flows.ts';
import {
  createFlowCampaignBody,
  flowCampaign,
  flowCampaignDetails,
  flowCampaignIdParams,
  flowCampaignListQuery,
  flowCampaignListResponse,
  updateFlowCampaignBody,
} from './contracts/flow-campaigns.ts';
import {
  queueIntegration,
  queueIntegrationBody,
  queueIntegrationIdParams,
  queueIntegrationListQuery,
  queueIntegrationListResponse,
  testSessionBody,
  testSessionResponse,
} from './contracts/queue-integrations.ts';
import { reportQuery, reportResponse } from './contracts/reports.ts';
import { auditQuery, auditResponse } from './contracts/audit.ts';
import {
  fileList,
  fileListBody,
  fileListIdParams,
  fileListQuery,
  fileListResponse,
  fileListSummaries,
  fileUploadBody,
  fileUploadResponse,
} from './contracts/files.ts';
import {
  dashboardQuery,
  dashboardResponse,
  messagesCountQuery,
  messagesCountResponse,
  ticketChartQuery,
  ticketMomentsQuery,
  ticketMomentsResponse,
  ticketsDayResponse,
  ticketsUsersResponse,
  usersMomentsResponse,
} from './contracts/dashboard.ts';
import {
  contactList,
  contactListBody,
  contactListIdParams,
  contactListImportParams,
  contactListItem,
  contactListItemIdParams,
  contactListItemListQuery,
  contactListItemListResponse,
  contactListListQuery,
  contactListListResponse,
  contactListPickerResponse,
  contactListUploadBody,
  contactListUploadResponse,
  createContactListItemBody,
  updateContactListItemBody,
} from './contracts/contact-lists.ts';
import {
  chat,
  chatBody,
  chatListQuery,
  chatListResponse,
  chatMessage,
  chatMessageIdParams,
  chatMessagesQuery,
  chatMessagesResponse,
  chatRefParams,
  chatUploadBody,
  chatUploadResponse,
  editChatMessageBody,
  sendChatMessageBody,
} from './contracts/chats.ts';
import { externalSendBody, externalSendResponse } from './contracts/external-api.ts';
import { prompt, promptBody, promptDeleteResponse, promptIdParams, promptList } from './contracts/prompts.ts';
import { matchRouteIn, routeTable, type RouteEntry, type RouteId } from './route-table.ts';

export {
  API_PREFIX,
  buildPath,
  modules,
  routeKey,
  type HttpMethod,
  type ModuleName,
  type RouteAuth,
  type RouteEntry,
  type RouteId,
} from './route-table.ts';

export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

export interface RouteDef extends RouteEntry, RouteSchemas {}

/** Every route of the table, and only those, has an entry (an empty one when it validates nothing). */
export const routeSchemas = {
  // authentication and session (spec document 1, section 7)
  'auth.login': { body: loginBody, response: sessionResponse },
  'auth.refresh-token': { response: sessionResponse },
  'auth.logout': { response: okResponse },
  'auth.me': { response: user },
  'auth.ws-ticket': { response: wsTicketResponse },
  'auth.signup': { body: signupBody },
  'auth.forgot-password': { params: forgotPasswordParams, response: forgotPasswordResponse },
  'auth.reset-password': { body: resetPasswordBody, response: okResponse },
  // platform lookups
  'system.version': { response: versionResponse },
  'plans.list-public': { response: planList },
  'companies.list-plan': { params: listPlanParams, response: companyPlan },
  'settings.public': { params: publicSettingParams, response: publicSettingResponse },
  // users (own profile from the avatar menu; the admin users page extends these)
  'users.show': { params: userIdParams, response: user },
  'users.update': { params: userIdParams, body: updateUserBody, response: user },
  'users.create': { body: createUserBody, response: user },
  'users.list': {
    query: userListQuery,
    response: z.object({ users: z.array(userListItem), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
  },
  'users.toggle-width': { params: toggleWidthParams, body: toggleWidthBody, response: okResponse },
  'users.picker': { response: userPickerResponse },
  'users.delete': { params: userIdParams, response: okResponse },
  'users.media-upload': { params: userIdParams, body: userMediaBody, response: userMediaResponse },
  'users.push-key': { response: vapidPublicKeyResponse },
  'users.push-subscribe': { body: pushSubscriptionBody, response: okResponse },
  'users.push-unsubscribe': { body: pushUnsubscribeBody, response: okResponse },
  // inbox lookups
  'queues.list': { response: z.array(queue) },
  // queues and their chatbot option trees
  'queues.show': { params: queueIdParams, response: queueDetails },
  'queues.create': { body: queueBody, response: queueDetails },
  'queues.update': { params: queueIdParams, body: queueBody, response: queueDetails },
  'queues.delete': { params: queueIdParams, response: okResponse },
  // file lists
  'files.list': { query: fileListQuery, response: fileListResponse },
  'files.list-all': { response: fileListSummaries },
  'files.show': { params: fileListIdParams, response: fileList },
  'files.create': { body: fileListBody, response: fileList },
  'files.update': { params: fileListIdParams, body: fileListBody, response: fileList },
  'files.delete': { params: fileListIdParams, response: okResponse },
  'files.upload': { params: fileListIdParams, body: fileUploadBody, response: fileUploadResponse },
  'connections.list': { response: z.array(connection) },
  'connections.filter': { query: connectionFilterQuery, response: z.array(connection) },
  // connections (spec document 2 "Connections page" and section 7 "Connections")
  'connections.all': { query: connectionsOverviewQuery, response: connectionsOverview },
  'connections.show': { params: connectionIdParams, response: connection },
  'connections.create': { body: createConnectionBody, response: connection },
  'connections.update': { params: connectionIdParams, body: updateConnectionBody, response: connection },
  'connections.delete': { params: connectionIdParams, response: okResponse },
  'connections.session-start': { params: connectionIdParams, response: connection },
  'connections.session-new-qr': { params: connectionIdParams, response: connection },
  'connections.session-disconnect': { params: connectionIdParams, response: connection },
  'connections.session-restart-all': { response: okResponse },
  'connections.session-health': { params: connectionIdParams, response: sessionHealth },
  'connections.company-list': { params: companyTargetParams, response: companyConnectionsDetail },
  'connections.company-update': { params: companyConnectionParams, body: updateConnectionBody, response: connection },
  'connections.company-delete': { params: companyConnectionParams, response: okResponse },
  'connections.company-session-start': { params: companyConnectionParams, response: connection },
  'connections.company-session-new-qr': { params: companyConnectionParams, response: connection },
  'connections.company-session-disconnect': { params: companyConnectionParams, response: connection },
  'connections.facebook': { body: facebookConnectBody, response: facebookConnectResponse },
  'connections.templates': { params: connectionIdParams, response: messageTemplates },
  'connections.media-upload': { params: connectionIdParams, body: greetingMediaBody, response: greetingMediaResponse },
  'connections.media-remove': { params: connectionIdParams, response: connection },
  'settings.company-one': {
    query: companySettingQuery,
    response: z.object({ column: z.string(), value: z.string().nullable() }),
  },
  'settings.list': { response: settingList },
  'settings.update-many': { body: companySettingsPatchBody, response: companySettingsResponse },
  'settings.update': { params: settingKeyParams, body: settingValueBody, response: settingEntry },
  'settings.show': { params: settingKeyParams, response: settingEntry },
  'settings.company': { params: companySettingsParams, response: companySettingsResponse },
  'settings.company-update': { body: companySettingsColumnBody, response: companySettingsResponse },
  'companies.schedules': { params: companySchedulesParams, response: companySchedules },
  'companies.schedules-update': { params: companySchedulesParams, body: companySchedulesBody, response: companySchedules },
  // dashboard and live attendance panel
  'dashboard.show': { query: dashboardQuery, response: dashboardResponse },
  'dashboard.tickets-day': { query: ticketChartQuery, response: ticketsDayResponse },
  'dashboard.tickets-users': { query: ticketChartQuery, response: ticketsUsersResponse },
  'dashboard.moments': { response: usersMomentsResponse },
  'dashboard.ticket-moments': { query: ticketMomentsQuery, response: ticketMomentsResponse },
  'dashboard.messages-count': { query: messagesCountQuery, response: messagesCountResponse },
  // tickets (spec document 1, section 7)
  'tickets.list': { query: ticketListQuery, response: ticketListResponse },
  'tickets.show-by-uuid': { params: ticketUuidParams, response: ticket },
  'tickets.show': { params: ticketIdParams, response: ticket },
  'tickets.create': { body: createTicketBody, response: ticket },
  'tickets.update': { params: ticketIdParams, body: updateTicketBody, response: ticket },
  'tickets.delete': { params: ticketIdParams, response: okResponse },
  'tickets.close-all': { body: closeAllBody, response: z.object({ closed: z.number().int() }) },
  'tickets.close-imported': { params: connectionIdParams, response: closeImportedResponse },
  'tickets.logs': { params: ticketIdParams, response: z.array(ticketLog) },
  'tickets.tag-add': { params: ticketTagParams, response: ticket },
  'tickets.tags-remove': { params: ticketTagsParams, response: ticket },
  'tickets.notes-list': { query: noteListQuery, response: z.array(ticketNote) },
  'tickets.notes-create': { body: createNoteBody, response: ticketNote },
  'tickets.notes-delete': { params: noteIdParams, response: okResponse },
  'tickets.report': { query: reportQuery, response: reportResponse },
  'audit.list': { query: auditQuery, response: auditResponse },
  // messages
  'messages.list': { params: messageListParams, query: messageListQuery, response: messageListResponse },
  'messages.send': { params: messageListParams, body: sendMessageBody, response: message },
  'messages.upload-url': { params: messageListParams, body: uploadUrlBody, response: uploadUrlResponse },
  'messages.edit': { params: editMessageParams, body: editMessageBody, response: message },
  'messages.delete': { params: messageIdParams, response: message },
  'messages.forward': { body: forwardMessageBody, response: message },
  'messages.send-template': { params: messageListParams, body: sendTemplateBody, response: message },
  // the website chat widget (public: a visitor token, not a user session)
  'webchat.config': { params: webchatTokenParams, response: widgetConfig },
  'webchat.create-visitor': { params: webchatTokenParams, body: createVisitorBody, response: visitorSession },
  'webchat.send': { params: webchatTokenParams, body: visitorMessageBody, response: visitorMessage },
  'webchat.messages': { params: webchatTokenParams, response: visitorMessages },
  'webchat.ws-ticket': { params: webchatTokenParams, response: visitorSocketTicket },
  'webchat.upload-url': { params: webchatTokenParams, body: visitorUploadBody, response: visitorUploadTarget },
  // Meta's webhooks
  'webhooks.whatsapp-verify': { params: whatsappWebhookParams, query: metaWebhookQuery, response: z.string() },
  'webhooks.whatsapp': { params: whatsappWebhookParams, response: okResponse },
  'webhooks.meta-verify': { query: metaWebhookQuery, response: z.string() },
  'webhooks.meta': { response: okResponse },
  // contacts (spec document 1, sections 2 "Contacts", 5, 6 and 7 "Contacts")
  'contacts.list': { query: contactListQuery, response: contactListResponse },
  'contacts.list-all': { query: contactListAllQuery, response: contactListAllResponse },
  'contacts.show': { params: contactIdParams, response: contact },
  'contacts.create': { body: createContactBody, response: contact },
  'contacts.update': { params: contactIdParams, body: updateContactBody, response: contact },
  'contacts.delete': { params: contactIdParams, response: okResponse },
  'contacts.toggle-accept-audio': { params: contactIdParams, body: toggleAcceptAudioBody, response: contact },
  'contacts.toggle-disable-bot': { params: contactIdParams, body: toggleDisableBotBody, response: contact },
  'contacts.block': { params: contactIdParams, body: blockContactBody, response: contact },
  'contacts.profile': { params: contactProfileParams, response: contactProfileResponse },
  'contacts.import-row': { body: contactImportRow, response: contactImportResponse },
  'contacts.tags': { params: contactIdParams, response: contactTagsResponse },
  'contacts.import-chats': { body: importChatsBody, response: importChatsResponse },
  'contacts.picture': { params: contactPictureParams },
  // tags (spec document 1 section 7 "Contacts", document 2 "Tags and kanban")
  'tags.list': { query: tagListQuery, response: tagListResponse },
  'tags.create': { body: tagBody, response: tag },
  'tags.sync': { body: syncTagsBody, response: contact },
  'tags.remove-contact': { params: tagContactParams, response: okResponse },
  'tags.page': { query: tagPageQuery, response: tagPageResponse },
  'tags.show': { params: tagIdParams, response: tag },
  'tags.update': { params: tagIdParams, body: tagBody, response: tag },
  'tags.delete': { params: tagIdParams, response: okResponse },
  'tags.contacts': { params: tagIdParams, query: tagContactsQuery, response: tagContactsResponse },
  'tags.kanban-lanes': { response: kanbanLanesResponse },
  'tags.kanban-tickets': { query: kanbanTicketsQuery, response: kanbanTicketsResponse },
  // scheduled messages (spec document 1 "Schedule", document 3 "Schedules (/schedules)"); the plan's useSchedules flag
  'schedules.list': { query: scheduleListQuery, response: scheduleListResponse },
  'schedules.show': { params: scheduleIdParams, response: schedule },
  'schedules.create': { body: scheduleBody, response: schedule },
  'schedules.update': { params: scheduleIdParams, body: scheduleBody, response: schedule },
  'schedules.delete': { params: scheduleIdParams, response: okResponse },
  'schedules.media-upload': { params: scheduleIdParams, body: scheduleMediaBody, response: scheduleMediaResponse },
  'schedules.media-remove': { params: scheduleIdParams, response: schedule },
  // quick replies (spec document 3 "Quick replies (/quick-messages)" and section 7 "Quick replies"; document 1 "Quick message (as used in the input)")
  'quick-messages.list': { query: quickMessageListQuery, response: quickMessageListResponse },
  'quick-messages.picker': { query: quickMessagePickerQuery, response: quickMessagePickerResponse },
  'quick-messages.show': { params: quickMessageIdParams, response: quickMessage },
  'quick-messages.create': { body: createQuickMessageBody, response: quickMessage },
  'quick-messages.update': { params: quickMessageIdParams, body: updateQuickMessageBody, response: quickMessage },
  'quick-messages.delete': { params: quickMessageIdParams, response: okResponse },
  'quick-messages.media-upload': {
    params: quickMessageIdParams,
    body: quickMessageMediaBody,
    response: quickMessageMediaResponse,
  },
  'quick-messages.media-remove': { params: quickMessageIdParams, response: quickMessage },
  // contact lists and their items (spec document 3 sections 5 to 7)
  'contact-lists.list': { query: contactListListQuery, response: contactListListResponse },
  'contact-lists.picker': { response: contactListPickerResponse },
  'contact-lists.show': { params: contactListIdParams, response: contactList },
  'contact-lists.create': { body: contactListBody, response: contactList },
  'contact-lists.update': { params: contactListIdParams, body: contactListBody, response: contactList },
  'contact-lists.delete': { params: contactListIdParams, response: okResponse },
  'contact-lists.upload': { params: contactListIdParams, body: contactListUploadBody, response: contactListUploadResponse },
  'contact-lists.import-start': { params: contactListImportParams, response: contactList },
  'contact-lists.item-list': { query: contactListItemListQuery, response: contactListItemListResponse },
  'contact-lists.item-show': { params: contactListItemIdParams, response: contactListItem },
  'contact-lists.item-create': { body: createContactListItemBody, response: contactListItem },
  'contact-lists.item-update': { params: contactListItemIdParams, body: updateContactListItemBody, response: contactListItem },
  'contact-lists.item-delete': { params: contactListItemIdParams, response: okResponse },
  // the super user's platform administration
  'plans.all': { response: planList },
  'plans.show': { params: planIdParams, response: plan },
  'plans.create': { body: planBody, response: plan },
  'plans.update': { params: planIdParams, body: planBody, response: plan },
  'plans.delete': { params: planIdParams, response: okResponse },
  'companies.list': { query: companyListQuery, response: companyListResponse },
  'companies.list-all': { query: companyChoiceQuery, response: companyChoiceResponse },
  'companies.show': { params: companyIdParams, response: adminCompany },
  'companies.create': { body: createCompanyBody, response: adminCompany },
  'companies.update': { params: companyIdParams, body: updateCompanyBody, response: adminCompany },
  'companies.delete': { params: companyIdParams, response: okResponse },
  'helps.list': { response: helpList },
  'helps.page': { query: helpPageQuery, response: helpPage },
  'helps.create': { body: helpBody, response: help },
  'helps.update': { params: helpIdParams, body: helpBody, response: help },
  'helps.delete': { params: helpIdParams, response: okResponse },
  'announcements.for-company': { response: announcementList },
  'announcements.list': { query: announcementListQuery, response: announcementList },
  'announcements.show': { params: announcementIdParams, response: announcement },
  'announcements.create': { body: announcementBody, response: announcement },
  'announcements.update': { params: announcementIdParams, body: announcementBody, response: announcement },
  'announcements.delete': { params: announcementIdParams, response: okResponse },
  'announcements.media-upload': {
    params: announcementIdParams,
    body: announcementMediaBody,
    response: announcementMediaResponse,
  },
  'announcements.media-remove': { params: announcementIdParams, response: announcement },
  'settings.whitelabel': { response: whitelabel },
  'settings.app-manifest': { response: appManifest },
  'settings.whitelabel-update': { body: whitelabelBody, response: whitelabel },
  'settings.whitelabel-logo': { body: whitelabelLogoBody, response: whitelabelLogoResponse },
  // internal chat (spec document 3 "Internal chat")
  'chats.list': { query: chatListQuery, response: chatListResponse },
  'chats.create': { body: chatBody, response: chat },
  'chats.show': { params: chatRefParams, response: chat },
  'chats.update': { params: chatRefParams, body: chatBody, response: chat },
  'chats.delete': { params: chatRefParams, response: okResponse },
  'chats.messages': { params: chatRefParams, query: chatMessagesQuery, response: chatMessagesResponse },
  'chats.send': { params: chatRefParams, body: sendChatMessageBody, response: chatMessage },
  'chats.read': { params: chatRefParams, response: chat },
  'chats.upload': { body: chatUploadBody, response: chatUploadResponse },
  'chats.edit-message': { params: chatMessageIdParams, body: editChatMessageBody, response: chatMessage },
  'chats.delete-message': { params: chatMessageIdParams, response: okResponse },
  // campaigns and their settings (spec document 3 "Campaigns list", "Campaign dialog", "Campaign settings", "Campaign report"; server reference 6)
  'campaigns.list': { query: campaignListQuery, response: campaignListResponse },
  'campaigns.show': { params: campaignIdParams, response: campaignDetails },
  'campaigns.shipping': { params: campaignIdParams, query: campaignShippingQuery, response: campaignShippingResponse },
  'campaigns.create': { body: campaignBody, response: campaign },
  'campaigns.update': { params: campaignIdParams, body: campaignBody, response: campaign },
  'campaigns.delete': { params: campaignIdParams, response: okResponse },
  'campaigns.cancel': { params: campaignIdParams, response: campaign },
  'campaigns.restart': { params: campaignIdParams, response: campaign },
  'campaigns.media-upload': { params: campaignIdParams, body: campaignMediaBody, response: campaignMediaResponse },
  'campaigns.media-remove': { params: campaignIdParams, response: campaign },
  'campaigns.settings': { response: campaignSettingsResponse },
  'campaigns.settings-save': { body: saveCampaignSettingsBody, response: campaignSettingsResponse },
  // invoices and the subscription checkout (spec document 2 "Invoices", "Subscription checkout dialog", section 7)
  'invoices.list': { query: invoiceListQuery, response: invoiceListResponse },
  'invoices.subscribe': { body: subscriptionBody, response: pixResponse },
  'invoices.pix-webhook': { response: okResponse },
  // the external messages API and the API's reference (the document and the page are not JSON schemas' business)
  'external-api.send': { body: externalSendBody, response: externalSendResponse },
  'external-api.openapi': {},
  'external-api.docs': {},
  // conversation flows (spec document 3 "Flow list", "Flow editor", section 7 "Flows")
  'flows.list': { query: flowListQuery, response: flowListResponse },
  'flows.create': { body: createFlowBody, response: flow },
  'flows.update': { body: updateFlowBody, response: flow },
  'flows.show': { params: flowIdParams, response: flow },
  'flows.delete': { params: flowIdParams, response: okResponse },
  'flows.duplicate': { body: duplicateFlowBody, response: flow },
  'flows.save-graph': { body: saveFlowGraphBody, response: flowWithGraph },
  'flows.graph': { params: flowIdParams, response: flowWithGraph },
  'flows.upload-image': { body: flowImageUpload, response: flowUploadTarget },
  'flows.upload-audio': { body: flowAudioUpload, response: flowUploadTarget },
  'flows.upload-content': { body: flowContentUpload, response: flowContentUploadResponse },
  // phrase campaigns (spec document 3 "Phrase campaigns (/phrase-lists)", section 7 "Phrase campaigns")
  'flow-campaigns.list': { query: flowCampaignListQuery, response: flowCampaignListResponse },
  'flow-campaigns.show': { params: flowCampaignIdParams, response: flowCampaignDetails },
  'flow-campaigns.create': { body: createFlowCampaignBody, response: flowCampaign },
  'flow-campaigns.update': { body: updateFlowCampaignBody, response: flowCampaign },
  'flow-campaigns.delete': { params: flowCampaignIdParams, response: okResponse },
  // integrations (spec document 3 section 7 "Integrations")
  'queue-integrations.list': { query: queueIntegrationListQuery, response: queueIntegrationListResponse },
  'queue-integrations.create': { body: queueIntegrationBody, response: queueIntegration },
  'queue-integrations.test-session': { body: testSessionBody, response: testSessionResponse },
  'queue-integrations.show': { params: queueIntegrationIdParams, response: queueIntegration },
  'queue-integrations.update': { params: queueIntegrationIdParams, body: queueIntegrationBody, response: queueIntegration },
  'queue-integrations.delete': { params: queueIntegrationIdParams, response: okResponse },
  // AI prompts (spec document 3 "AI prompts (/prompts)", section 7 "Prompts")
  'prompts.list': { response: promptList },
  'prompts.create': { body: promptBody, response: prompt },
  'prompts.show': { params: promptIdParams, response: prompt },
  'prompts.update': { params: promptIdParams, body: promptBody, response: prompt },
  'prompts.delete': { params: promptIdParams, response: promptDeleteResponse },
} satisfies Record<RouteId, RouteSchemas>;

type Entry = (typeof routeTable)[number];
type WithSchemas<E> = E extends { id: infer Id extends RouteId } ? E & (typeof routeSchemas)[Id] : never;
export type Route = WithSchemas<Entry>;

export const routes: readonly Route[] = routeTable.map((entry) => ({ ...entry, ...routeSchemas[entry.id] }) as Route);

export const routeById = (id: RouteId): RouteDef => {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route ${id}`);
  return found;
};

/**
 * Matches a concrete path against route paths the way API Gateway does: a literal segment wins over a
 * `{param}` segment at the same position, so `/contacts/list` is chosen before `/contacts/{id}`.
 */
export const matchRoute = (method: string, path: string, table: readonly RouteDef[] = routes) =>
  matchRouteIn(table, method, path);
