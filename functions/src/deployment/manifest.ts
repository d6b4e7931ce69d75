/**
 * The deployment, declared once: every Lambda function and the connector container, with what triggers it (its
 * module's routes in shared/src/routes.ts, the WebSocket API, the queue it consumes), the listeners of domain events
 * it registers and in which order (an explicit subscription table: catalogue.ts names them), the job sets it runs,
 * the ports it may use and the deployment settings it reads.
 *
 * Read by the CDK stack (IAM grants, environment, event sources), by the local runtime (which function answers what,
 * and, with ISOLATE_FUNCTIONS=1, what each isolate may reach), and by `npm run entries`, which writes the composition
 * roots (functions/src/entries) that register exactly these listeners and job sets. A function's bundle that reaches
 * a port its entry lacks fails the synth and the tests (infra/lib/module-access.ts); so does a grant it never uses.
 */
import type { QueueName } from '../platform/ports/queue.ts';
import type { JobSetName, ListenerName } from './catalogue.ts';

/** What a function's code may reach besides the table's items (every function reads and writes those). */
export interface PortGrants {
  /** queues it sends to (a consumer also receives from, deletes from and changes visibility on its own) */
  sends: readonly QueueName[];
  /** one-time schedules (EventBridge Scheduler); jobs due within the minute go straight to the jobs queue */
  scheduler?: true;
  /** presigned media uploads and downloads */
  media?: true;
  /** listing and removal of media by prefix (a company's usage, a deleted company's files) */
  mediaPurge?: true;
  /** e-mail through SES */
  mail?: true;
  /** pushes to and closes WebSocket connections (the management API) */
  sockets?: true;
  /** a table Scan (never on a request path: the data migrations' steps) */
  scan?: true;
  /** seals and opens companies' secrets with the data key */
  dataKey?: true;
}

/** Deployment settings beyond the ports', each with the secret behind it. */
export type SettingGroup = 'meta-app' | 'pix' | 'web-push';

export interface QueueTrigger {
  queue: QueueName;
  batchSize: number;
  maxConcurrency?: number;
}

export interface FunctionManifest {
  /** serves the routes of the module of its name (shared/src/routes.ts) */
  routes?: true;
  /** serves the WebSocket API's $connect, $disconnect and $default */
  websocket?: true;
  consumes?: QueueTrigger;
  /** registered in this order: a domain event reaches them in this order */
  listeners: readonly ListenerName[];
  /** job types it runs (the jobs queue's consumer) */
  jobs?: readonly JobSetName[];
  ports: PortGrants;
  settings?: readonly SettingGroup[];
}

export interface ConnectorManifest {
  /** queues it polls, with the number of pollers of each */
  consumes: readonly (QueueTrigger & { pollers: number })[];
  listeners: readonly ListenerName[];
  ports: PortGrants;
}

// The grants most functions share, named by what the code does that needs them (each adds to the one before).
/** the table's items only */
const tableOnly: PortGrants = { sends: [] };
/** pushes frames to the sockets, which carry media links (the realtime listener) */
const live: PortGrants = { sends: [], media: true, sockets: true };
/** changes tickets: their timers are scheduled, and jobs due within the minute go to the jobs queue */
const ticketChanges: PortGrants = { ...live, sends: ['jobs'], scheduler: true };
/** reaches the channels: WhatsApp session commands, and the channel secrets sealed with the data key */
const channelAccess: PortGrants = { ...ticketChanges, sends: ['connector-commands', 'jobs'], dataKey: true };
/** sends messages: the outbound queues, WhatsApp (Baileys) sends going to the connector's */
const messageSends: PortGrants = {
  ...channelAccess,
  sends: ['connector-commands', 'connector-outbound.fifo', 'jobs', 'outbound.fifo'],
};
/** takes customers' messages in from a channel and hands them to the inbound queue */
const webhookReceipts: PortGrants = { ...channelAccess, sends: ['connector-commands', 'inbound.fifo', 'jobs'] };

/**
 * Every Lambda function, by module name: functions/src/modules/<name>/<name>.function.ts exports its `handler`, and
 * functions/src/entries/<name>.lambda.ts (generated) composes it.
 */
export const functionManifest = {
  announcements: {
    routes: true,
    listeners: ['realtime'],
    ports: live,
  },
  audit: {
    routes: true,
    listeners: [],
    ports: tableOnly,
  },
  auth: {
    routes: true,
    listeners: ['realtime'],
    ports: { ...ticketChanges, mail: true },
  },
  campaigns: {
    routes: true,
    listeners: ['realtime', 'ticket-timers', 'dashboard'],
    // the routes plan and arm runs; the sends themselves go out from the jobs function
    ports: channelAccess,
  },
  chats: {
    routes: true,
    listeners: ['realtime', 'chat-realtime'],
    ports: live,
  },
  companies: {
    routes: true,
    listeners: ['realtime', 'company-sessions', 'user-invites'],
    ports: { ...channelAccess, mail: true },
  },
  connections: {
    routes: true,
    listeners: ['realtime', 'audit', 'ticket-timers', 'dashboard'],
    ports: channelAccess,
  },
  'contact-lists': {
    routes: true,
    listeners: ['realtime'],
    ports: ticketChanges,
  },
  contacts: {
    routes: true,
    listeners: ['realtime', 'ticket-timers', 'dashboard'],
    // a new contact's number is looked up over the company's WhatsApp session, and an import of a session's chats is
    // asked of it (connector commands); no channel secret is read here
    ports: { ...ticketChanges, sends: ['connector-commands', 'jobs'] },
  },
  dashboard: {
    routes: true,
    listeners: [],
    ports: tableOnly,
  },
  'external-api': {
    routes: true,
    listeners: ['realtime', 'ticket-timers', 'dashboard'],
    ports: messageSends,
  },
  files: {
    routes: true,
    listeners: ['realtime'],
    ports: live,
  },
  'flow-campaigns': {
    routes: true,
    listeners: ['realtime'],
    ports: channelAccess,
  },
  flows: {
    routes: true,
    listeners: ['realtime', 'flow-references'],
    ports: channelAccess,
  },
  helps: {
    routes: true,
    listeners: [],
    ports: tableOnly,
  },
  inbound: {
    consumes: { queue: 'inbound.fifo', batchSize: 10 },
    // agents see the customer's message before the bot's answer (realtime before engine), and campaigns hear a
    // customer's message before the engine answers it
    listeners: ['realtime', 'ticket-timers', 'dashboard', 'campaign-replies', 'campaign-sends', 'engine', 'kanban'],
    ports: messageSends,
  },
  invoices: {
    routes: true,
    listeners: ['realtime', 'company-sessions'],
    ports: channelAccess,
    settings: ['pix'],
  },
  jobs: {
    // a campaign or a purge enqueues thousands of jobs at once: they drain at a pace the table and channels take
    consumes: { queue: 'jobs', batchSize: 10, maxConcurrency: 20 },
    listeners: ['realtime', 'company-sessions', 'ticket-timers', 'dashboard', 'kanban'],
    jobs: [
      'tickets',
      'schedules',
      'campaigns',
      'tags',
      'companies',
      'engine',
      'flows',
      'integrations',
      'invoices',
      'contact-lists',
      'data-migrations',
    ],
    ports: { ...messageSends, mediaPurge: true, scan: true },
  },
  messages: {
    routes: true,
    listeners: ['realtime', 'ticket-timers', 'dashboard'],
    ports: messageSends,
  },
  outbound: {
    // one send per invocation: a deferred send's backoff and receive count stay its own, not its group's followers'
    consumes: { queue: 'outbound.fifo', batchSize: 1 },
    listeners: ['realtime', 'campaign-sends', 'ticket-timers', 'dashboard'],
    ports: channelAccess,
  },
  plans: {
    routes: true,
    listeners: [],
    ports: tableOnly,
  },
  prompts: {
    routes: true,
    listeners: ['realtime', 'prompt-references'],
    ports: { sends: [], sockets: true, dataKey: true },
  },
  'queue-integrations': {
    routes: true,
    listeners: ['realtime', 'integration-references'],
    ports: { ...live, dataKey: true },
  },
  queues: {
    routes: true,
    listeners: ['realtime', 'audit', 'socket-rights', 'queue-references'],
    ports: { ...live, dataKey: true },
  },
  'quick-messages': {
    routes: true,
    listeners: ['realtime'],
    ports: live,
  },
  realtime: {
    websocket: true,
    listeners: ['realtime'],
    ports: live,
  },
  schedules: {
    routes: true,
    listeners: ['realtime', 'ticket-timers', 'dashboard'],
    ports: messageSends,
  },
  settings: {
    routes: true,
    listeners: ['realtime', 'audit', 'socket-rights'],
    ports: live,
  },
  system: {
    routes: true,
    listeners: [],
    ports: tableOnly,
  },
  tags: {
    routes: true,
    listeners: ['realtime', 'audit', 'ticket-timers', 'dashboard'],
    // changes tickets' tags; no media: what it presents carries no media links
    ports: { sends: ['jobs'], scheduler: true, sockets: true },
  },
  tickets: {
    routes: true,
    // ticket-texts: the messages module sends what an agent's change of a ticket implies (farewell, transfer note)
    listeners: ['realtime', 'ticket-timers', 'dashboard', 'kanban', 'ticket-texts'],
    ports: messageSends,
  },
  users: {
    routes: true,
    listeners: ['realtime', 'audit', 'socket-rights', 'ticket-timers', 'dashboard'],
    ports: ticketChanges,
    // browsers subscribe to push notifications with the VAPID public key
    settings: ['web-push'],
  },
  webchat: {
    routes: true,
    listeners: ['realtime', 'ticket-timers', 'dashboard'],
    ports: { ...messageSends, sends: [...messageSends.sends, 'inbound.fifo'], mail: true },
  },
  webhooks: {
    routes: true,
    listeners: ['realtime', 'ticket-timers', 'dashboard'],
    ports: webhookReceipts,
    settings: ['meta-app'],
  },
} as const satisfies Record<string, FunctionManifest>;

export type FunctionName = keyof typeof functionManifest;

/** The Fargate task that keeps WhatsApp sessions: it runs the platform's services in process too. */
export const connectorManifest: ConnectorManifest = {
  consumes: [
    { queue: 'connector-commands', batchSize: 10, pollers: 1 },
    // one send per batch, as the outbound function: a deferred send's backoff stays its own
    { queue: 'connector-outbound.fifo', batchSize: 1, pollers: 4 },
  ],
  // the sessions' state, import progress and sends reach the browsers; a campaign's failed send reaches its report
  listeners: ['realtime', 'campaign-sends'],
  ports: webhookReceipts,
};

export const functionNames = (): FunctionName[] => Object.keys(functionManifest) as FunctionName[];

export const manifestOf = (name: string): FunctionManifest => {
  const entry = (functionManifest as Record<string, FunctionManifest>)[name];
  if (!entry) throw new Error(`No function "${name}" in the deployment manifest`);
  return entry;
};

/** The functions that consume a queue, with their trigger. */
export const queueConsumers = (): { name: FunctionName; trigger: QueueTrigger }[] =>
  functionNames().flatMap((name) => {
    const trigger = (functionManifest[name] as FunctionManifest).consumes;
    return trigger ? [{ name, trigger }] : [];
  });

/** The function that serves the WebSocket API. */
export const websocketFunction = (): FunctionName => {
  const found = functionNames().filter((name) => (functionManifest[name] as FunctionManifest).websocket);
  if (found.length !== 1) throw new Error(`The manifest must give the WebSocket API exactly one function, not ${found.length}`);
  return found[0]!;
};
