/**
 * The Dialogflow runtime played through the web chat channel against a fake Google (test/fakes/dialogflow-server.ts):
 * an admin saves a Dialogflow integration with a service account (a key pair made for the test) and names it on the
 * connection; visitors write through the widget API and read the agent's replies.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '@switchboard/shared/contracts/messages';
import { startApi } from '../../../../test/api.ts';
import { botSaid, signupCompany, ticketIdOf, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import { startFakeDialogflow, testServiceAccount, type FakeDialogflow } from '../../../../test/fakes/dialogflow-server.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { resetConfig } from '../../platform/config.ts';
import { queue } from '../../platform/ports/ports.ts';
import { clearDialogflowTokens } from '../../platform/ports/dialogflow/dialogflow.ts';
import { findConnection } from '../../modules/connections/connections.service.ts';
import { getContact } from '../../modules/contacts/contacts.service.ts';
import { currentTicket, type TicketRecord } from '../../modules/tickets/tickets.service.ts';
import { DIALOGFLOW_NOT_UNDERSTOOD_TEXT } from '../bot-texts.ts';
import { takeIntegrationTurn } from '../integration-runtime.ts';
import { INTEGRATION_CLOSE_JOB } from './integration-outbox.ts';

const PROJECT = 'loja-agent';
const FAREWELL = 'Obrigado pelo contato!';

let runtime: Runtime;
let google: FakeDialogflow;
let company: TestCompany;
let integrationId: number;
const saved = { api: process.env.DIALOGFLOW_API_URL, token: process.env.GOOGLE_OAUTH_TOKEN_URL };

beforeAll(async () => {
  google = await startFakeDialogflow();
  process.env.DIALOGFLOW_API_URL = google.url;
  process.env.GOOGLE_OAUTH_TOKEN_URL = google.tokenUrl;
  resetConfig();
  clearDialogflowTokens();
  const account = testServiceAccount(PROJECT);
  google.accounts.set(account.email, { publicKey: account.publicKey, project: PROJECT });
  google.intents.set('oi', { texts: ['Olá! Em que posso ajudar?', 'Temos pizzas e massas.'] });
  google.intents.set('encerrar', { texts: ['Conversa encerrada.'], endConversation: true });
  google.intents.set('tchau', { texts: [`Até logo! ${FAREWELL}`] });
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Dialogflow');
  const created = await company.admin.post('/queueIntegration', {
    type: 'dialogflow',
    name: 'Assistente',
    projectName: PROJECT,
    jsonContent: account.json,
    language: 'pt-BR',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  integrationId = created.body.id;
  const conn = await company.admin.put(`/whatsapp/${company.connectionId}`, {
    queueIds: [],
    integrationId,
    complationMessage: FAREWELL,
  });
  expect(conn.status, JSON.stringify(conn.body)).toBe(200);
});
afterAll(async () => {
  await runtime?.stop();
  await google?.close();
  for (const [name, value] of [
    ['DIALOGFLOW_API_URL', saved.api],
    ['GOOGLE_OAUTH_TOKEN_URL', saved.token],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfig();
  vi.restoreAllMocks();
});

const visitor = (name: string) => new Visitor(runtime, company.webchatToken).start(name);

const ticketOf = async (name: string): Promise<TicketRecord> =>
  (await currentTicket(company.companyId, await ticketIdOf(company, name)))!;

describe('dialogflow integration', () => {
  it("answers with the agent's replies prefixed with the integration's name, in the ticket's session, with one token", async () => {
    const v = await visitor('Ana Dialogflow');
    await v.say('Oi');
    expect(await botSaid(v)).toEqual(['*Assistente*\nOlá! Em que posso ajudar?', '*Assistente*\nTemos pizzas e massas.']);
    const t = await ticketOf('Ana Dialogflow');
    expect(google.detects.at(-1)).toEqual({ project: PROJECT, session: t.uuid, text: 'Oi', languageCode: 'pt-BR' });
    expect(t).toMatchObject({ useIntegration: true, integrationId });
    await v.say('oi');
    expect(await botSaid(v)).toHaveLength(4);
    // the signed assertion was accepted once; the token is kept until it expires
    expect(google.tokenRequests).toEqual([{ ok: true }]);
  });

  it("says it couldn't understand when the agent has no reply", async () => {
    const v = await visitor('Bia Confusa');
    await v.say('qual o sentido da vida?');
    expect(await botSaid(v)).toEqual([DIALOGFLOW_NOT_UNDERSTOOD_TEXT]);
  });

  it('never answers a redelivered message twice', async () => {
    const v = await visitor('Caio Repete');
    await v.say('Oi');
    const detects = google.detects.length;
    const t = await ticketOf('Caio Repete');
    const stored = ((await company.admin.get(`/messages/${t.id}`)).body.messages as Message[]).find(
      (m) => !m.fromMe && m.body === 'Oi',
    )!;
    await takeIntegrationTurn(
      t,
      (await findConnection(company.companyId, t.whatsappId))!,
      stored,
      await getContact(company.companyId, t.contactId),
    );
    await runtime.drainQueues();
    expect(google.detects.length).toBe(detects);
    expect(await botSaid(v)).toHaveLength(2);
  });

  it('lets go of the ticket when the intent ends the conversation', async () => {
    const v = await visitor('Duda Fim');
    await v.say('encerrar');
    expect(await botSaid(v)).toEqual(['*Assistente*\nConversa encerrada.']);
    expect(await ticketOf('Duda Fim')).toMatchObject({ useIntegration: false, integrationId: null, status: 'pending' });
  });

  it("closes the ticket 3 seconds after a reply that says the connection's farewell (a delayed job)", async () => {
    const sends = vi.spyOn(queue(), 'send');
    const v = await visitor('Edu Tchau');
    // the message is handled, and the close waits on the queue
    const res = await v.api().post(`/webchat/${company.webchatToken}/messages`, { body: 'tchau' });
    expect(res.status).toBe(202);
    await runtime.idleQueues();
    expect(await botSaid(v)).toEqual([`*Assistente*\nAté logo! ${FAREWELL}`]);
    const t = await ticketOf('Edu Tchau');
    expect(t.status).toBe('pending');
    const closeJob = sends.mock.calls.find(([name, m]) => name === 'jobs' && JSON.parse(m.body).type === INTEGRATION_CLOSE_JOB);
    expect(closeJob?.[1]).toMatchObject({ delaySeconds: 3 });
    expect(JSON.parse(closeJob![1].body)).toEqual({ type: INTEGRATION_CLOSE_JOB, companyId: company.companyId, ticketId: t.id });
    // the job's delivery (here at once rather than after the queue's delay) closes the ticket, once
    await queue().send('jobs', { body: closeJob![1].body });
    await runtime.idleQueues();
    expect(await ticketOf('Edu Tchau')).toMatchObject({ status: 'closed', useIntegration: false });
    await queue().send('jobs', { body: closeJob![1].body });
    await runtime.idleQueues();
    expect(await ticketOf('Edu Tchau')).toMatchObject({ status: 'closed' });
    expect(await botSaid(v)).toEqual([`*Assistente*\nAté logo! ${FAREWELL}`]);
  });
});
