/**
 * The integrations API (spec document 3 "Integrations (/queue-integration)", sections 3, 5 and 7 "Integrations"),
 * driven over HTTP as the web app calls it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JSON_CONTENT_MASK,
  QUEUE_INTEGRATION_PAGE_SIZE,
  TEST_SESSION_TEXT,
} from '@switchboard/shared/contracts/queue-integrations';
import { fieldsOf, SocketProbe, startApi } from '../../../../test/api.ts';
import { signupOnPlan, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';
import { startFakeDialogflow, testServiceAccount } from '../../../../test/fakes/dialogflow-server.ts';

let runtime: Runtime;
let company: TestCompany;
let stranger: TestCompany;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const serviceAccount = JSON.stringify({
  type: 'service_account',
  project_id: 'agente-teste',
  client_email: 'bot@agente-teste.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
});

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Integra SA');
  stranger = await signupCompany(runtime, 'Outra Integra SA');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('integrations', () => {
  it('creates a webhook integration with the defaults, its project named after it, shows and lists it', async () => {
    const created = await company.admin.post('/queueIntegration', {
      type: 'webhook',
      name: 'Meu webhook',
      projectName: 'ignored',
      urlN8N: 'https://hooks.example.com/in',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      type: 'webhook',
      name: 'Meu webhook',
      projectName: 'Meu webhook',
      urlN8N: 'https://hooks.example.com/in',
      jsonContent: null,
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      companyId: company.companyId,
    });
    expect((await company.admin.get(`/queueIntegration/${created.body.id}`)).body).toEqual(created.body);
    const list = await company.admin.get('/queueIntegration?searchParam=meu');
    expect(list.body).toEqual({ queueIntegrations: [created.body], hasMore: false });
  });

  it('validates with the spec texts: name 2 to 50, URL for n8n, webhook and typebot, slug for typebot', async () => {
    expect(fieldsOf((await company.admin.post('/queueIntegration', { type: 'webhook', name: '' })).body)).toEqual({
      'body.name': 'Required',
      'body.urlN8N': 'Required',
    });
    expect(
      fieldsOf(
        (await company.admin.post('/queueIntegration', { type: 'n8n', name: 'a', urlN8N: 'https://n8n.example.com' })).body,
      ),
    ).toEqual({ 'body.name': 'Too Short!' });
    expect(
      fieldsOf(
        (await company.admin.post('/queueIntegration', { type: 'n8n', name: 'x'.repeat(51), urlN8N: 'https://n8n.example.com' }))
          .body,
      ),
    ).toEqual({ 'body.name': 'Too Long!' });
    expect(
      fieldsOf(
        (await company.admin.post('/queueIntegration', { type: 'typebot', name: 'Bot', urlN8N: 'https://typebot.example.com' }))
          .body,
      ),
    ).toEqual({ 'body.typebotSlug': 'Required' });
    expect(
      fieldsOf((await company.admin.post('/queueIntegration', { type: 'webhook', name: 'Bot', urlN8N: 'ftp://x' })).body),
    ).toEqual({ 'body.urlN8N': 'Invalid URL' });
    expect(fieldsOf((await company.admin.post('/queueIntegration', { type: 'zapier', name: 'Bot' })).body)).toHaveProperty(
      'body.type',
    );
    const flow = await company.admin.post('/queueIntegration', { type: 'flowbuilder', name: 'Fluxos' });
    expect(flow.status).toBe(201);
    expect(flow.body.projectName).toBe('Fluxos');
  });

  it('refuses a URL on a private or local address where TENANT_URLS_PRIVATE denies them, and takes it where allowed', async () => {
    const saved = process.env.TENANT_URLS_PRIVATE;
    const allowed = await company.admin.post('/queueIntegration', {
      type: 'webhook',
      name: 'n8n local',
      urlN8N: 'http://127.0.0.1:5678/webhook/x',
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    runtime.setEnv({ TENANT_URLS_PRIVATE: 'deny' });
    try {
      const refused = {
        'http://127.0.0.1:9001/2018-06-01/runtime/invocation/next': '127.0.0.1 is not a public address (loopback)',
        'http://2130706433:9001/': '127.0.0.1 is not a public address (loopback)',
        'http://localhost:5678/webhook/x': 'localhost is this machine',
        'http://169.254.169.254/latest/meta-data/': '169.254.169.254 is not a public address (link-local)',
        'https://[::ffff:10.0.0.5]/': '::ffff:a00:5 is not a public address (private (IPv4-mapped 10.0.0.5))',
      };
      for (const [urlN8N, reason] of Object.entries(refused)) {
        const res = await company.admin.post('/queueIntegration', { type: 'n8n', name: 'Interno', urlN8N });
        expect(res.status, urlN8N).toBe(400);
        expect(fieldsOf(res.body)).toEqual({ 'body.urlN8N': `A private or local address is not allowed here: ${reason}` });
      }
      const typebot = await company.admin.post('/queueIntegration', {
        type: 'typebot',
        name: 'Bot',
        urlN8N: 'http://192.168.0.10:3000',
        typebotSlug: 'bot',
      });
      expect(fieldsOf(typebot.body)).toHaveProperty('body.urlN8N');
      const moved = await company.admin.put(`/queueIntegration/${allowed.body.id}`, {
        type: 'webhook',
        name: 'n8n local',
        urlN8N: 'http://10.0.0.1/x',
      });
      expect(moved.status).toBe(400);
      expect((await company.admin.get(`/queueIntegration/${allowed.body.id}`)).body.urlN8N).toBe(
        'http://127.0.0.1:5678/webhook/x',
      );
      // a name is only resolved when the URL is called
      expect(
        (
          await company.admin.post('/queueIntegration', {
            type: 'n8n',
            name: 'Público',
            urlN8N: 'https://n8n.example.com/webhook/x',
          })
        ).status,
      ).toBe(201);
    } finally {
      runtime.setEnv({ TENANT_URLS_PRIVATE: saved });
    }
  });

  it('keeps Dialogflow credentials secret: checked when saved, masked in answers, kept when the mask comes back', async () => {
    const bad = await company.admin.post('/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'agente-teste',
      jsonContent: '{"a":1}',
      language: 'fr',
    });
    expect(Object.keys(fieldsOf(bad.body)).sort()).toEqual(['body.jsonContent', 'body.language']);
    // the mask on a new integration stands for nothing
    const masked = await company.admin.post('/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'agente-teste',
      jsonContent: JSON_CONTENT_MASK,
      language: 'en',
    });
    expect(fieldsOf(masked.body)).toEqual({ 'body.jsonContent': 'Required' });
    const created = await company.admin.post('/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'agente-teste',
      jsonContent: serviceAccount,
      language: 'pt-BR',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ projectName: 'agente-teste', jsonContent: JSON_CONTENT_MASK, language: 'pt-BR' });
    const read = JSON.stringify([
      (await company.admin.get(`/queueIntegration/${created.body.id}`)).body,
      (await company.admin.get('/queueIntegration')).body,
    ]);
    expect(read).not.toContain('PRIVATE KEY');
    const renamed = await company.admin.put(`/queueIntegration/${created.body.id}`, {
      ...created.body,
      name: 'Agente 2',
      language: 'es',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Agente 2', language: 'es', jsonContent: JSON_CONTENT_MASK });
    const { getQueueIntegrationRecord } = await import('./queue-integrations.repository.ts');
    const { dialogflowCredentialsOf } = await import('./queue-integrations.service.ts');
    // kept sealed: the table holds no key, and the engine opens it
    const record = (await getQueueIntegrationRecord(company.companyId, created.body.id))!;
    expect(record.jsonContent).not.toContain('PRIVATE KEY');
    expect(await dialogflowCredentialsOf(record)).toBe(serviceAccount);
  });

  it('answers a failed test session with ERR_DIALOGFLOW_TEST_FAILED and a reason', async () => {
    const broken = JSON.stringify({ project_id: 'p', client_email: 'bot@p.iam.gserviceaccount.com', private_key: 'not a key' });
    const res = await company.admin.post('/queueIntegration/testSession', {
      projectName: 'p',
      jsonContent: broken,
      language: 'en',
    });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('ERR_DIALOGFLOW_TEST_FAILED');
    expect(res.body.message).toContain('private_key');
    expect(
      fieldsOf(
        (await company.admin.post('/queueIntegration/testSession', { projectName: 'p', jsonContent: 'nope', language: 'en' }))
          .body,
      ),
    ).toHaveProperty('body.jsonContent');
  });

  it('tests a Dialogflow session against the agent: its answer with the pasted key, or with the stored one when the mask comes back', async () => {
    const google = await startFakeDialogflow();
    const saved = { api: process.env.DIALOGFLOW_API_URL, token: process.env.GOOGLE_OAUTH_TOKEN_URL };
    runtime.setEnv({ DIALOGFLOW_API_URL: google.url, GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl });
    try {
      const account = testServiceAccount('agente-sessao');
      google.accounts.set(account.email, { publicKey: account.publicKey, project: 'agente-sessao' });
      google.intents.set(TEST_SESSION_TEXT, { texts: ['Olá! Sou o agente de teste.'] });
      const pasted = await company.admin.post('/queueIntegration/testSession', {
        projectName: 'agente-sessao',
        jsonContent: account.json,
        language: 'pt-BR',
      });
      expect(pasted.status, JSON.stringify(pasted.body)).toBe(200);
      expect(pasted.body).toMatchObject({ texts: ['Olá! Sou o agente de teste.'], endConversation: false });
      expect(google.detects.at(-1)).toMatchObject({ project: 'agente-sessao', text: TEST_SESSION_TEXT, languageCode: 'pt-BR' });

      const created = await company.admin.post('/queueIntegration', {
        type: 'dialogflow',
        name: 'Sessão',
        projectName: 'agente-sessao',
        jsonContent: account.json,
        language: 'pt-BR',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const stored = await company.admin.post('/queueIntegration/testSession', {
        projectName: 'agente-sessao',
        jsonContent: JSON_CONTENT_MASK,
        language: 'es',
        integrationId: created.body.id,
      });
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      expect(stored.body.texts).toEqual(['Olá! Sou o agente de teste.']);
      expect(google.detects.at(-1)).toMatchObject({ languageCode: 'es' });
      // a project the key does not belong to is Google's refusal, shown with its reason
      const foreign = await company.admin.post('/queueIntegration/testSession', {
        projectName: 'outro-projeto',
        jsonContent: account.json,
        language: 'en',
      });
      expect(foreign.status).toBe(502);
      expect(foreign.body.error).toBe('ERR_DIALOGFLOW_TEST_FAILED');
    } finally {
      await google.close();
      runtime.setEnv({ DIALOGFLOW_API_URL: saved.api, GOOGLE_OAUTH_TOKEN_URL: saved.token });
    }
  });

  it('pages the list', async () => {
    const c = await signupCompany(runtime, 'Muitas integrações');
    for (let i = 0; i < QUEUE_INTEGRATION_PAGE_SIZE + 2; i++)
      expect(
        (await c.admin.post('/queueIntegration', { type: 'flowbuilder', name: `Integração ${String(i).padStart(2, '0')}` }))
          .status,
      ).toBe(201);
    const first = await c.admin.get('/queueIntegration?pageNumber=1');
    expect(first.body.queueIntegrations).toHaveLength(QUEUE_INTEGRATION_PAGE_SIZE);
    expect(first.body.hasMore).toBe(true);
    const second = await c.admin.get('/queueIntegration?pageNumber=2');
    expect(second.body.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(['Integração 20', 'Integração 21']);
    expect(second.body.hasMore).toBe(false);
  });

  it('tells the admins live on company-{id}-queueIntegration', async () => {
    const socket = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    try {
      const event = `company-${company.companyId}-queueIntegration`;
      const created = (
        await company.admin.post('/queueIntegration', { type: 'n8n', name: 'Ao vivo', urlN8N: 'https://n8n.example.com/x' })
      ).body;
      expect((await socket.waitFor((f) => f.event === event && f.data.action === 'create')).data).toEqual({
        action: 'create',
        queueIntegration: created,
      });
      await company.admin.put(`/queueIntegration/${created.id}`, {
        type: 'n8n',
        name: 'Ao vivo 2',
        urlN8N: 'https://n8n.example.com/x',
      });
      expect((await socket.waitFor((f) => f.event === event && f.data.action === 'update')).data.queueIntegration.name).toBe(
        'Ao vivo 2',
      );
      await company.admin.delete(`/queueIntegration/${created.id}`);
      expect((await socket.waitFor((f) => f.event === event && f.data.action === 'delete')).data).toEqual({
        action: 'delete',
        integrationId: created.id,
      });
    } finally {
      await socket.close();
    }
  });

  it('lets a connection, a queue and a chatbot option name only the company’s integrations, and clears them on delete', async () => {
    const mine = (
      await company.admin.post('/queueIntegration', { type: 'webhook', name: 'Ligado', urlN8N: 'https://hooks.example.com/l' })
    ).body;
    // ids are numbered per company: the stranger's integration gets one this company does not have
    let theirs = (
      await stranger.admin.post('/queueIntegration', { type: 'webhook', name: 'Alheio', urlN8N: 'https://hooks.example.com/a' })
    ).body;
    while (theirs.id <= mine.id)
      theirs = (
        await stranger.admin.post('/queueIntegration', { type: 'webhook', name: 'Alheio', urlN8N: 'https://hooks.example.com/a' })
      ).body;
    const refused = await company.admin.put(`/whatsapp/${company.connectionId}`, { integrationId: theirs.id });
    expect(refused.status).toBe(404);
    expect(fieldsOf(refused.body)).toEqual({ 'body.integrationId': 'ERR_NOT_FOUND' });
    const attached = await company.admin.put(`/whatsapp/${company.connectionId}`, { integrationId: mine.id });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.integrationId).toBe(mine.id);
    const queueBody = {
      name: 'Integrada',
      color: '#123abc',
      greetingMessage: 'Oi',
      integrationId: mine.id,
      chatbots: [
        {
          name: 'Robô',
          queueType: 'integration',
          optIntegrationId: mine.id,
          options: [{ name: 'Outro robô', queueType: 'integration', optIntegrationId: mine.id }],
        },
      ],
    };
    expect(
      fieldsOf(
        (await company.admin.post('/queue', { ...queueBody, chatbots: [{ name: 'Robô', queueType: 'integration' }] })).body,
      ),
    ).toEqual({ 'body.chatbots.0.optIntegrationId': 'Required' });
    expect(fieldsOf((await company.admin.post('/queue', { ...queueBody, integrationId: theirs.id })).body)).toEqual({
      'body.integrationId': 'ERR_NOT_FOUND',
    });
    const queue = await company.admin.post('/queue', queueBody);
    expect(queue.status, JSON.stringify(queue.body)).toBe(201);
    expect(queue.body.chatbots[0]).toMatchObject({ queueType: 'integration', optIntegrationId: mine.id });

    expect((await company.admin.delete(`/queueIntegration/${mine.id}`)).status).toBe(200);
    expect((await company.admin.get(`/queueIntegration/${mine.id}`)).status).toBe(404);
    expect((await company.admin.get(`/whatsapp/${company.connectionId}`)).body.integrationId).toBeNull();
    const after = (await company.admin.get(`/queue/${queue.body.id}`)).body;
    expect(after.integrationId).toBeNull();
    expect(after.chatbots[0]).toMatchObject({ queueType: 'integration', optIntegrationId: null });
    expect(after.chatbots[0].options[0]).toMatchObject({ optIntegrationId: null });
  });

  it("answers 404 for another company's integration and changes nothing", async () => {
    const mine = (
      await company.admin.post('/queueIntegration', { type: 'webhook', name: 'Privada', urlN8N: 'https://hooks.example.com/p' })
    ).body;
    // a company with no integrations of its own: the id can only be company's
    const stranger = await signupCompany(runtime, 'Sem integrações próprias');
    expect((await stranger.admin.get(`/queueIntegration/${mine.id}`)).status).toBe(404);
    expect(
      (
        await stranger.admin.put(`/queueIntegration/${mine.id}`, {
          type: 'webhook',
          name: 'Roubada',
          urlN8N: 'https://evil.example.com',
        })
      ).status,
    ).toBe(404);
    expect((await stranger.admin.delete(`/queueIntegration/${mine.id}`)).status).toBe(404);
    expect(
      (
        await stranger.admin.post('/queueIntegration/testSession', {
          projectName: 'p',
          jsonContent: JSON_CONTENT_MASK,
          language: 'en',
          integrationId: mine.id,
        })
      ).status,
    ).toBe(404);
    expect((await stranger.admin.get('/queueIntegration?searchParam=privada')).body.queueIntegrations).toEqual([]);
    expect((await company.admin.get(`/queueIntegration/${mine.id}`)).body.name).toBe('Privada');
  });

  it('is for admins of a plan with integrations', async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.get('/queueIntegration')).status).toBe(403);
    expect((await agent.client.post('/queueIntegration', { type: 'flowbuilder', name: 'Agente' })).status).toBe(403);
    const plan = await addPlan({ ...defaultPlanInput, name: 'Sem integrações (qi)', useIntegrations: false });
    const { admin: client } = await signupOnPlan(runtime, plan.id, 'Sem integrações');
    expect((await client.get('/queueIntegration')).status).toBe(403);
  });
});
