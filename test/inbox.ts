/**
 * Helpers of the inbox API tests: a company with its admin and agents, the company's web chat, and visitors who
 * write through the public widget API.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Runtime } from '../infra/local/runtime.ts';
import { listConnectionsOf } from '../functions/src/modules/connections/connections.service.ts';
import { createUser, updateUserSettings, type UserSettingsPatch } from '../functions/src/modules/users/users.service.ts';
import type { Connection } from '@switchboard/shared/contracts/connections';
import type { FakeBaileysSocket, FakeSocketFactory } from '../connector-container/src/testing/fake-baileys-socket.ts';
import { ApiClient, signInSuperUser, SocketProbe, startApi } from './api.ts';
import { until } from './until.ts';

let serial = 0;

export interface TestCompany {
  companyId: number;
  admin: ApiClient;
  adminId: number;
  queueId: number;
  /** the web chat's public widget key (the widget's API) */
  webchatToken: string;
  /** the web chat connection's secret API token (the external messages API) */
  apiToken: string;
  connectionId: number;
}

/** What `useCompanyApi` sets up for a test file. */
export interface CompanyApi {
  runtime: Runtime;
  /** the super user, signed in */
  root: ApiClient;
  company: TestCompany;
  /** an agent of the company's first queue, signed in (when asked for) */
  agent: Awaited<ReturnType<typeof addAgent>>;
}

/**
 * The set-up of a test file about what the super user and the companies share: before its tests the API starts,
 * the super user signs in and the company `name` signs up (with an agent, when `agent` is set); after them the API
 * stops. The answer's fields are there when the tests run.
 */
export const useCompanyApi = (name: string, options: { agent?: boolean } = {}): CompanyApi => {
  const api = {} as CompanyApi;
  beforeAll(async () => {
    api.runtime = await startApi();
    api.root = await signInSuperUser(api.runtime);
    api.company = await signupCompany(api.runtime, name);
    if (options.agent) api.agent = await addAgent(api.runtime, api.company);
  });
  afterAll(async () => {
    await api.runtime?.stop();
  });
  return api;
};

/** A company signed up through the API on a plan (the seeded plan 1 unless said), with its admin signed in. */
export const signupOnPlan = async (
  runtime: Pick<Runtime, 'url'>,
  planId = 1,
  companyName = `Company ${++serial}`,
): Promise<{ companyId: number; admin: ApiClient; adminId: number; queueIds: number[]; email: string }> => {
  const email = `owner${Date.now()}${++serial}@example.com`;
  const res = await new ApiClient(runtime.url).post('/auth/signup', {
    name: 'Owner',
    companyName,
    email,
    password: 'pass-12345',
    phone: '5511999990000',
    planId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const admin = new ApiClient(runtime.url);
  const login = await admin.login(email, 'pass-12345');
  expect(login.status).toBe(200);
  return { companyId: res.body.companyId, admin, adminId: login.body.user.id, queueIds: login.body.user.queueIds, email };
};

/** The signup of the auth tests' company (the seeded plan 1), for an owner `email`. */
export const signupBodyOf = (email: string) => ({
  name: 'Maria Souza',
  companyName: 'Loja da Maria',
  email,
  password: 'secret-pass',
  phone: '5511999990000',
  planId: 1,
});

/** Signs up the company `companyName` on plan 1 with the owner `email` (password pass-12345); 201 expected. */
export const signupOwner = async (runtime: Pick<Runtime, 'url'>, companyName: string, email: string) => {
  const res = await new ApiClient(runtime.url).post('/auth/signup', {
    name: 'Owner',
    companyName,
    email,
    password: 'pass-12345',
    phone: '5511988887777',
    planId: 1,
  });
  expect(res.status).toBe(201);
  return res.body as { companyId: number; userId: number };
};

/** A client signed in as `email` (200 expected). */
export const signedIn = async (runtime: Pick<Runtime, 'url'>, email: string, password = 'pass-12345'): Promise<ApiClient> => {
  const client = new ApiClient(runtime.url);
  expect((await client.login(email, password)).status).toBe(200);
  return client;
};

/** Creates a queue (201 expected) and answers the response; `body` is the queue. */
export const addQueue = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/queue', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
};

export const signupCompany = async (runtime: Runtime, name = `Company ${++serial}`): Promise<TestCompany> => {
  const { companyId, admin, adminId, queueIds } = await signupOnPlan(runtime, 1, name);
  const webchat = (await listConnectionsOf(companyId)).find((c) => c.channel === 'webchat')!;
  return {
    companyId,
    admin,
    adminId,
    queueId: queueIds[0]!,
    webchatToken: webchat.widgetKey!,
    apiToken: webchat.token!,
    connectionId: webchat.id,
  };
};

export const addAgent = async (
  runtime: Runtime,
  company: TestCompany,
  settings: UserSettingsPatch = {},
  name = `Agent ${++serial}`,
) => {
  const email = `agent${Date.now()}${++serial}@example.com`;
  const user = await createUser(company.companyId, { name, email, password: 'pass-12345' });
  await updateUserSettings(company.companyId, user.id, { queueIds: [company.queueId], ...settings });
  const client = new ApiClient(runtime.url);
  expect((await client.login(email, 'pass-12345')).status).toBe(200);
  return { client, id: user.id, name };
};

export class Visitor {
  token = '';
  id = '';
  constructor(
    readonly runtime: Runtime,
    readonly webchatToken: string,
  ) {}

  api(): ApiClient {
    const client = new ApiClient(this.runtime.url, this.token ? { authorization: `Bearer ${this.token}` } : {});
    return client;
  }

  async start(name: string, extra: { email?: string; phone?: string } = {}) {
    const res = await this.api().post(`/webchat/${this.webchatToken}/visitors`, { name, ...extra });
    expect(res.status).toBe(201);
    this.token = res.body.visitorToken;
    this.id = res.body.visitorId;
    return this;
  }

  async say(body: string, clientMessageId?: string) {
    const res = await this.api().post(`/webchat/${this.webchatToken}/messages`, {
      body,
      ...(clientMessageId ? { clientMessageId } : {}),
    });
    expect(res.status).toBe(202);
    await this.runtime.drainQueues();
    return res.body;
  }

  /** Taps a bot menu button as the widget does: the button's label as the text, the option's id for the bot. */
  async choose(label: string, option: string) {
    const res = await this.api().post(`/webchat/${this.webchatToken}/messages`, { body: label, choice: option });
    expect(res.status).toBe(202);
    await this.runtime.drainQueues();
    return res.body;
  }

  /** Sends a file as the widget does: an upload URL asked for, the bytes put there, then the message naming it. */
  async sendFile(name: string, mimeType: string, bytes: Buffer, body = '') {
    const target = await this.api().post(`/webchat/${this.webchatToken}/upload-url`, { name, mimeType, size: bytes.length });
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    const put = await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: bytes });
    expect(put.status).toBe(200);
    const res = await this.api().post(`/webchat/${this.webchatToken}/messages`, {
      body,
      media: { key: target.body.key, name, mimeType, size: bytes.length },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await this.runtime.drainQueues();
    return res.body;
  }

  async conversation() {
    const res = await this.api().get(`/webchat/${this.webchatToken}/messages`);
    expect(res.status).toBe(200);
    return res.body as { messages: { body: string; fromVisitor: boolean; isDeleted: boolean }[]; answered: boolean };
  }

  /** A one-time ticket for the visitor's socket, as the widget asks for one before each connection. */
  async socketTicket(): Promise<string> {
    const res = await this.api().post(`/webchat/${this.webchatToken}/ws-ticket`);
    expect(res.status).toBe(200);
    return res.body.ticket as string;
  }

  async socket(): Promise<SocketProbe> {
    return SocketProbe.open(this.runtime.url, `ticket=${encodeURIComponent(await this.socketTicket())}`);
  }
}

/**
 * A WhatsApp QR connection of the company on a scripted socket: creates it, opens the socket the runtime asked
 * `fakes` for as the number `phone`, and waits until the connection reads CONNECTED.
 */
export const connectScriptedWhatsapp = async (
  company: Pick<TestCompany, 'companyId' | 'admin'>,
  fakes: FakeSocketFactory,
  phone: string,
  body: Record<string, unknown> = { name: 'Atendimento' },
): Promise<{ connection: Connection; socket: FakeBaileysSocket }> => {
  const created = await company.admin.post('/whatsapp', { channel: 'whatsapp', ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const connection = created.body as Connection;
  const socket = await fakes.next({ companyId: company.companyId, connectionId: connection.id }, { after: 0 });
  socket.open(phone);
  await until(
    () => company.admin.get(`/whatsapp/${connection.id}`),
    (r) => r.body.status === 'CONNECTED',
  );
  return { connection, socket };
};

/** What the company said to the visitor (bot and agents), oldest first: the widget's conversation without the visitor's own lines. */
export const botSaid = async (visitor: Visitor): Promise<string[]> =>
  (await visitor.conversation()).messages.filter((m) => !m.fromVisitor).map((m) => m.body);

/** The statuses a ticket is looked for in, in this order: one waiting for an agent is found before an older closed one. */
export const TICKET_STATUSES = ['pending', 'open', 'closed'];

/**
 * The ticket list entry of the contact named (or numbered) so, looked for through `statuses` in order, as an admin
 * who sees every queue; undefined when there is none.
 */
export const findTicket = async (
  company: Pick<TestCompany, 'admin'>,
  contact: { name: string } | { number: string },
  statuses = TICKET_STATUSES,
): Promise<any> => {
  const matches = (c: { name: string; number: string }) =>
    'name' in contact ? c.name === contact.name : c.number === contact.number;
  for (const status of statuses) {
    const list = await company.admin.get(`/tickets?status=${status}&showAll=true`);
    const found = list.body.tickets?.find((t: { contact: { name: string; number: string } }) => matches(t.contact));
    if (found) return found;
  }
  return undefined;
};

/** The id of the ticket of the contact named `name` (see findTicket); fails the test when there is none. */
export const ticketIdOf = async (
  company: Pick<TestCompany, 'admin'>,
  name: string,
  statuses = TICKET_STATUSES,
): Promise<number> => {
  const found = await findTicket(company, { name }, statuses);
  if (!found) throw new Error(`no ticket of ${name}`);
  return found.id;
};

/** The ticket of the contact named `name` as GET /tickets/:id answers it (see findTicket); fails the test when there is none. */
export const ticketOf = async (company: Pick<TestCompany, 'admin'>, name: string, statuses = TICKET_STATUSES): Promise<any> =>
  (await company.admin.get(`/tickets/${await ticketIdOf(company, name, statuses)}`)).body;
