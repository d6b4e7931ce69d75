import type { User } from '@switchboard/shared/contracts/auth';
import type { Connection } from '@switchboard/shared/contracts/connections';
import type { Contact } from '@switchboard/shared/contracts/contacts';
import type { Message } from '@switchboard/shared/contracts/messages';
import type { Queue } from '@switchboard/shared/contracts/queues';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import type { Plan } from '@switchboard/shared/contracts/plans';
import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import type { TicketHolder } from './features/tickets/utils/ticket-holder.ts';
import { messageOf } from '../../test/messages.ts';

/** A complete user as the API returns it, for tests; override what the test is about. */
export const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 5,
  companyId: 7,
  name: 'Ana Souza',
  email: 'ana@example.com',
  profile: 'admin',
  super: false,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  queueIds: [],
  whatsappId: null,
  profileImage: null,
  online: true,
  defaultTicketsManagerWidth: 550,
  company: { id: 7, name: 'Acme Ltda', dueDate: '2099-01-01T00:00:00.000Z', status: true, planId: 1 },
  ...overrides,
});

export const makePlan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 1,
  name: 'Pro',
  users: 10,
  connections: 3,
  queues: 5,
  amount: '199.90',
  isPublic: true,
  trialDays: 7,
  useWhatsapp: true,
  useFacebook: false,
  useInstagram: false,
  useCampaigns: false,
  useSchedules: false,
  useInternalChat: false,
  useExternalApi: false,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
  ...overrides,
});

/** A quick reply of user 5 as the API returns it, text only; override what the test is about. */
export const makeQuickMessage = (id: number, overrides: Partial<QuickMessage> = {}): QuickMessage => ({
  id,
  shortcode: `q${id}`,
  message: `Text ${id}`,
  geral: false,
  visao: true,
  userId: 5,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  mediaUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** A complete ticket as the API returns it, for tests; override what the test is about. */
export const makeTicket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: 1,
  uuid: '4b5e1f1e-8f0a-4b8e-9f55-0d1f2a3b4c5d',
  status: 'pending',
  queueId: 3,
  queue: { id: 3, name: 'Suporte', color: '#22c55e' },
  userId: null,
  user: null,
  contactId: 10,
  contact: {
    id: 10,
    name: 'Maria',
    number: '5511999990000',
    urlPicture: null,
    channel: 'whatsapp',
    isGroup: false,
    active: true,
    email: '',
    tags: [],
  },
  whatsappId: 2,
  whatsapp: { id: 2, name: 'Comercial', channel: 'whatsapp', groupAsTicket: 'disabled' },
  channel: 'whatsapp',
  isGroup: false,
  isBot: false,
  useIntegration: false,
  tags: [],
  lastMessage: 'Olá',
  fromMe: false,
  unreadMessages: 1,
  amountUsedBotQueues: 0,
  createdAt: '2025-05-10T10:00:00.000Z',
  updatedAt: '2025-05-10T10:00:00.000Z',
  closedAt: null,
  ...overrides,
});

/** A customer's message as the API answers it: the test file's own defaults over the harness's message. */
export const makeMessage = (overrides: Partial<Message> = {}): Message =>
  messageOf(
    { id: '1-01JV0000000000000000000001', contactId: 10, body: 'Olá', fromMe: false, ...overrides },
    '2025-05-10T10:00:00.000Z',
  );

/** A queue as GET /queue lists it. */
export const makeQueue = (id: number, overrides: Partial<Queue> = {}): Queue => ({
  id,
  name: `Fila ${id}`,
  color: '#7c7c7c',
  greetingMessage: '',
  orderQueue: id,
  ...overrides,
});

/** A connection as GET /whatsapp lists it: a web chat, connected, the default when its id is 1. */
export const makeConnection = (id: number, overrides: Partial<Connection> = {}): Connection => ({
  id,
  name: `Chat ${id}`,
  channel: 'webchat',
  groupAsTicket: 'disabled',
  status: 'CONNECTED',
  number: null,
  qrcode: '',
  retries: 0,
  isDefault: id === 1,
  allowGroup: false,
  token: `token-${id}-abcdefghijklmnopqrstuvw`,
  widgetKey: `key-${id}-abcdefghijklmnopqrstuvwxy`,
  queueIds: [],
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  timeCreateNewTicket: 0,
  color: '#2563eb',
  updatedAt: new Date(2026, 2, 4, 15, 30).toISOString(),
  ...overrides,
});

/** A contact as GET /contacts/{id} answers it. */
export const makeContact = (id: number, overrides: Partial<Contact> = {}): Contact => ({
  id,
  name: `Contato ${id}`,
  number: `55119999${String(id).padStart(5, '0')}`,
  email: '',
  urlPicture: null,
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  lgpdAcceptedAt: null,
  channel: 'whatsapp',
  isGroup: false,
  tags: [],
  extraInfo: [],
  whatsappId: null,
  createdAt: '2025-05-10T10:00:00.000Z',
  updatedAt: '2025-05-10T10:00:00.000Z',
  ...overrides,
});

/** Who holds a contact's open ticket, as ERR_OTHER_OPEN_TICKET answers describe it in `details`: Bruna, in Vendas. */
export const makeTicketHolder = (overrides: Partial<TicketHolder> = {}): TicketHolder => ({
  id: 9,
  uuid: '2f1c7a52-5b7e-4f59-9a43-0f5d0e4b8f11',
  status: 'open',
  userId: 4,
  user: { id: 4, name: 'Bruna' },
  queue: { id: 1, name: 'Vendas', color: '#123456' },
  ...overrides,
});
