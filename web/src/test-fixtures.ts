import type { User } from '@switchboard/shared/contracts/auth';
import type { Plan } from '@switchboard/shared/contracts/plans';
import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';

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
