/**
 * Tenant isolation, for every route in the route table: another company's admin calling a route with company
 * A's record ids gets 404 (or 403) and changes nothing of company A. Routes added later are covered
 * automatically: they fail here until test/isolation-fixtures.ts says how to address company A's records.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { buildPath, routes, type RouteDef } from '@switchboard/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '../functions/src/platform/table/client.ts';
import { createUser } from '../functions/src/modules/users/users.service.ts';
import type { Runtime } from '../infra/local/runtime.ts';
import { ApiClient, startApi } from './api.ts';
import { listConnectionsOf } from '../functions/src/modules/connections/connections.service.ts';
import { Visitor } from './inbox.ts';
import { ensureOpenInvoice } from '../functions/src/modules/invoices/invoice-cycle.service.ts';
import { findCompany } from '../functions/src/modules/tenancy/company-lookup.service.ts';
import { startFakeGraph, type FakeGraph } from './fakes/graph-server.ts';
import {
  bodyFixtures,
  FACEBOOK_TOKEN_OF_B,
  FACEBOOK_USER_OF_B,
  markersOfA,
  ownCompanyRoutes,
  pathParamFixtures,
  publicRoutes,
  queryFixtures,
  referenceRoutes,
  superRoutes,
  type TenantFixture,
} from './isolation-fixtures.ts';
import { addQueue, signupOwner } from './inbox.ts';

let runtime: Runtime;
let graph: FakeGraph;
let companyA: TenantFixture;
/** company A's Cloud API number, known to the fake Graph server */
const CLOUD_OF_A = {
  phoneNumberId: '1015558201',
  wabaId: '2025558201',
  accessToken: 'cloud-token-of-a',
  appSecret: 'cloud-secret-of-a',
  verifyToken: 'cloud-verify-of-a',
};
let emailB: string;

/** Every item that belongs to company A: its partition and anything carrying its company id. */
const itemsOfA = async () => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await table().send(new ScanCommand({ TableName: runtime.tableName, ExclusiveStartKey: startKey }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items
    .filter((i) => String(i.pk).startsWith(`C#${companyA.companyId}`) || i.companyId === companyA.companyId)
    .filter((i) => i.type !== 'wsConnection')
    .sort((x, y) => `${x.pk}${x.sk}`.localeCompare(`${y.pk}${y.sk}`));
};

beforeAll(async () => {
  // Meta's side for the routes that call it (connecting a Facebook page)
  graph = await startFakeGraph();
  graph.tokens.add(FACEBOOK_TOKEN_OF_B).add('page-token-of-b').add(CLOUD_OF_A.accessToken);
  graph.phoneNumbers.set(CLOUD_OF_A.phoneNumberId, CLOUD_OF_A.wabaId);
  graph.pages.set(FACEBOOK_USER_OF_B, [{ id: '900000000000002', name: 'Page of B', access_token: 'page-token-of-b' }]);
  process.env.META_GRAPH_URL = graph.url;
  runtime = await startApi();
  const a = await signupOwner(runtime, 'Company A', 'owner-a@example.com');
  // user ids are numbered per company: fillers put A's agent past any id company B reaches (users.create makes one)
  for (let i = 1; i <= 3; i++)
    await createUser(a.companyId, { name: `Filler user ${i}`, email: `filler-${i}-a@example.com`, password: 'pass-12345' });
  const agent = await createUser(a.companyId, { name: 'Agent A', email: 'agent-a@example.com', password: 'pass-12345' });
  emailB = 'owner-b@example.com';
  await signupOwner(runtime, 'Company B', emailB);

  // company A's records, made through the API as its users and customers would
  const ownerA = new ApiClient(runtime.url);
  const login = await ownerA.login('owner-a@example.com', 'pass-12345');
  // ids are numbered per company: A's records get ids that B's own creations during the test never reach
  for (let i = 0; i < 5; i++) {
    expect((await ownerA.post('/contacts', { name: `Filler ${i}`, number: `551190000000${i}` })).status).toBe(201);
    expect((await ownerA.post('/tags', { name: `Filler ${i}` })).status).toBe(201);
    expect((await ownerA.post('/quick-messages', { shortcode: `filler-${i}` })).status).toBe(201);
  }
  const contact = await ownerA.post('/contacts', { name: 'Contact of A', number: '5511977776666' });
  const tag = await ownerA.post('/tags', { name: 'Tag of A' });
  expect([contact.status, tag.status]).toEqual([201, 201]);
  expect((await ownerA.post('/tags/sync', { contactId: contact.body.id, tags: [{ id: tag.body.id }] })).status).toBe(200);
  const webchatToken = (await listConnectionsOf(a.companyId)).find((c) => c.channel === 'webchat')!.widgetKey!;
  const visitor = await new Visitor(runtime, webchatToken).start('Visitor of A');
  await visitor.say('Question of A');
  const ticket = (await ownerA.get('/tickets?status=pending')).body.tickets[0];
  expect((await ownerA.put(`/tickets/${ticket.id}`, { status: 'open', userId: a.userId })).status).toBe(200);
  const reply = await ownerA.post(`/messages/${ticket.id}`, { body: 'Reply of A' });
  const note = await ownerA.post('/ticket-notes', { note: 'Note of A', ticketId: ticket.id, contactId: ticket.contactId });
  expect([reply.status, note.status]).toEqual([201, 201]);
  // a connection whose id company B never reaches: B starts with one and the test adds one; the first filler is the
  // Cloud API number A's campaign goes out through (a web chat cannot send campaigns)
  const cloudOfA = await ownerA.post('/whatsapp', { channel: 'whatsappapi', name: 'Number of A', ...CLOUD_OF_A });
  expect(cloudOfA.status, JSON.stringify(cloudOfA.body)).toBe(201);
  for (let i = 1; i < 3; i++)
    expect((await ownerA.post('/whatsapp', { channel: 'webchat', name: `Filler chat ${i}` })).status).toBe(201);
  const connection = await ownerA.post('/whatsapp', {
    channel: 'webchat',
    name: 'Connection of A',
    greetingMessage: 'Greeting of A',
  });
  expect(connection.status).toBe(201);
  const quick = await ownerA.post('/quick-messages', { shortcode: 'qa', message: 'Quick text of A', geral: true });
  expect(quick.status).toBe(201);
  // company A's plan (plan 1) has useSchedules; the send is a day away, so it does not run during the test
  const schedule = await ownerA.post('/schedules', {
    body: 'Schedule of A',
    contactId: contact.body.id,
    sendAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(schedule.status).toBe(201);
  // a queue with a chatbot option and a file list, after fillers B's own creations never reach
  for (let i = 0; i < 5; i++) {
    expect((await ownerA.post('/files', { name: `Filler files ${i}`, message: 'Filler message' })).status).toBe(201);
    expect(
      (await ownerA.post('/queue', { name: `Filler queue ${i}`, color: `#00000${i}`, greetingMessage: 'Hello' })).status,
    ).toBe(201);
  }
  const files = await ownerA.post('/files', {
    name: 'Files of A',
    message: 'Files message of A',
    options: [{ name: 'Price list of A' }],
  });
  expect(files.status).toBe(201);
  const queueOfA = await addQueue(ownerA, {
    name: 'Queue of A',
    color: '#a0a0a0',
    greetingMessage: 'Queue greeting of A',
    fileListId: files.body.id,
    chatbots: [{ name: 'Option of A', queueType: 'file', optFileId: files.body.id }],
  });
  // a contact list with an item, after fillers B's own creations never reach
  for (let i = 0; i < 3; i++) expect((await ownerA.post('/contact-lists', { name: `Filler list ${i}` })).status).toBe(201);
  const contactList = await ownerA.post('/contact-lists', { name: 'List of A' });
  expect(contactList.status).toBe(201);
  for (let i = 0; i < 3; i++)
    expect(
      (
        await ownerA.post('/contact-list-items', {
          name: `Filler item ${i}`,
          number: `551190000111${i}`,
          contactListId: contactList.body.id,
        })
      ).status,
    ).toBe(201);
  const contactListItem = await ownerA.post('/contact-list-items', {
    name: 'Item of A',
    number: '5511977770101',
    contactListId: contactList.body.id,
  });
  expect(contactListItem.status).toBe(201);
  // chat ids are numbered per company: A's chat gets one that B's own creations during the test never reach
  for (let i = 0; i < 3; i++)
    expect((await ownerA.post('/chats', { title: `Filler chat ${i}`, users: [{ id: agent.id }] })).status).toBe(201);
  const chat = await ownerA.post('/chats', { title: 'Chat of A', users: [{ id: agent.id }] });
  expect(chat.status).toBe(201);
  const chatMessage = await ownerA.post(`/chats/${chat.body.id}/messages`, { message: 'Chat text of A' });
  expect(chatMessage.status).toBe(201);
  // a campaign (never started) and a flow, after fillers B's own creations never reach
  const campaignOf = (name: string) => ({
    name,
    whatsappId: cloudOfA.body.id,
    contactListId: contactList.body.id,
    message1: `${name} text`,
  });
  for (let i = 0; i < 3; i++) expect((await ownerA.post('/campaigns', campaignOf(`Filler campaign ${i}`))).status).toBe(201);
  const campaign = await ownerA.post('/campaigns', campaignOf('Campaign of A'));
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  for (let i = 0; i < 3; i++) expect((await ownerA.post('/flowbuilder', { name: `Filler flow ${i}` })).status).toBe(201);
  const flow = await ownerA.post('/flowbuilder', { name: 'Flow of A' });
  expect(flow.status, JSON.stringify(flow.body)).toBe(201);
  const phraseCampaignOf = (name: string) => ({
    name,
    flowId: flow.body.id,
    whatsappIds: [connection.body.id],
    phrases: [{ text: `${name} phrase`, type: 'partial' }],
  });
  for (let i = 0; i < 3; i++)
    expect((await ownerA.post('/flowcampaign', phraseCampaignOf(`Filler phrase campaign ${i}`))).status).toBe(201);
  const flowCampaign = await ownerA.post('/flowcampaign', {
    ...phraseCampaignOf('Phrase campaign of A'),
    phrases: [{ text: 'phrase of A', type: 'exact' }],
  });
  expect(flowCampaign.status, JSON.stringify(flowCampaign.body)).toBe(201);
  const promptOf = (name: string) => ({ name, prompt: `${name} text`, apiKey: 'sk-key-of-a', queueId: queueOfA.body.id });
  for (let i = 0; i < 3; i++) expect((await ownerA.post('/prompt', promptOf(`Filler prompt ${i}`))).status).toBe(201);
  const prompt = await ownerA.post('/prompt', promptOf('Prompt of A'));
  expect(prompt.status, JSON.stringify(prompt.body)).toBe(201);
  for (let i = 0; i < 3; i++)
    expect((await ownerA.post('/queueIntegration', { type: 'flowbuilder', name: `Filler integration ${i}` })).status).toBe(201);
  const integration = await ownerA.post('/queueIntegration', {
    type: 'webhook',
    name: 'Integration of A',
    urlN8N: 'http://127.0.0.1:9/hook-of-a',
  });
  expect(integration.status, JSON.stringify(integration.body)).toBe(201);
  companyA = {
    companyId: a.companyId,
    adminUserId: a.userId,
    agentUserId: agent.id,
    contactId: contact.body.id,
    contactNumber: contact.body.number,
    tagId: tag.body.id,
    queueId: login.body.user.queueIds[0],
    ticketId: ticket.id,
    ticketUuid: ticket.uuid,
    messageId: reply.body.id,
    noteId: note.body.id,
    quickMessageId: quick.body.id,
    connectionId: connection.body.id,
    scheduleId: schedule.body.id,
    queueOfAId: queueOfA.body.id,
    fileListId: files.body.id,
    contactListId: contactList.body.id,
    contactListItemId: contactListItem.body.id,
    invoiceId: (await ensureOpenInvoice((await findCompany(a.companyId))!))!.id,
    chatId: chat.body.id,
    chatMessageId: chatMessage.body.id,
    campaignId: campaign.body.id,
    flowId: (flow.body.id ?? flow.body.flow?.id) as number,
    flowCampaignId: flowCampaign.body.id,
    promptId: prompt.body.id,
    queueIntegrationId: integration.body.id,
  };
});
afterAll(async () => {
  await runtime?.stop();
  await graph?.close();
  delete process.env.META_GRAPH_URL;
});

describe('tenant isolation', () => {
  it('lists every public route with the reason it needs no tenant', () => {
    const unlisted = routes.filter((r) => r.auth === 'public' && !publicRoutes[r.id]).map((r) => r.id);
    expect(unlisted).toEqual([]);
  });

  const authenticated = routes.filter((r) => r.auth === 'user').map((r) => r as RouteDef);

  it.each(authenticated.map((r) => [r.id, r] as const))(
    '%s: another company sees and changes nothing of it',
    async (_id, route) => {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const own = ownCompanyRoutes.has(route.id);
      const names_record = names.length > 0 || referenceRoutes.has(route.id) || superRoutes.has(route.id);
      expect(
        own || names_record,
        `${route.id} names no record: list it in ownCompanyRoutes or referenceRoutes (test/isolation-fixtures.ts)`,
      ).toBe(true);
      const params: Record<string, string | number> = {};
      for (const name of names) {
        const fixture = pathParamFixtures[`${route.id}:${name}`] ?? pathParamFixtures[`${route.module}:${name}`];
        expect(
          fixture,
          `no isolation fixture for ${route.id} parameter {${name}}: add one to test/isolation-fixtures.ts`,
        ).toBeDefined();
        params[name] = fixture!(companyA);
      }
      if (route.body)
        expect(bodyFixtures[route.id], `no body fixture for ${route.id}: add one to test/isolation-fixtures.ts`).toBeDefined();
      const query = queryFixtures[route.id]?.(companyA);
      const path =
        buildPath(route.path, params) +
        (query ? `?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}` : '');

      const before = await itemsOfA();
      const intruder = new ApiClient(runtime.url);
      expect((await intruder.login(emailB, 'pass-12345')).status).toBe(200);
      const res = await intruder.request(route.method, path, route.body ? bodyFixtures[route.id]!(companyA) : undefined);
      const seen = JSON.stringify(res.body ?? '');
      if (own) expect(res.status, `${route.method} ${path} answered ${res.status}: ${seen}`).toBeLessThan(300);
      else expect([403, 404], `${route.method} ${path} answered ${res.status}: ${seen}`).toContain(res.status);
      for (const marker of markersOfA) expect(seen).not.toContain(marker);
      expect(await itemsOfA()).toEqual(before);
    },
  );
});
