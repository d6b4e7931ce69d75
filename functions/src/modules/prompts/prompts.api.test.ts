/**
 * The prompts API (spec document 3 "AI prompts (/prompts)", sections 5 to 8): an admin's CRUD with a mandatory queue
 * of the company, masked keys, the live frames, the plan gate and the no-access answer for profile users, and a
 * deleted prompt leaving the connections that named it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_DEFAULTS, PROMPT_QUEUE_REQUIRED, SECRET_MASK } from '@switchboard/shared/contracts/prompts';
import { SocketProbe, startApi } from '../../../../test/api.ts';
import { signupOnPlan, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';

let runtime: Runtime;
let company: TestCompany;
let stranger: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Prompts SA');
  stranger = await signupCompany(runtime, 'Outra SA');
});
afterAll(async () => {
  await runtime?.stop();
});

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Atendente virtual',
  prompt: 'Responda sobre a loja.',
  apiKey: 'sk-secret-9876',
  queueId: company.queueId,
  ...over,
});

describe('prompts API', () => {
  it('creates, lists, shows, edits and deletes a prompt with the defaults, its queue name and masked keys', async () => {
    const created = await company.admin.post('/prompt', body());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Atendente virtual',
      ...PROMPT_DEFAULTS,
      apiKey: `${SECRET_MASK}9876`,
      voiceKey: '',
      queueId: company.queueId,
    });
    expect(created.body.queue.id).toBe(company.queueId);
    expect(typeof created.body.queue.name).toBe('string');
    const id = created.body.id;
    const list = await company.admin.get('/prompt');
    expect(list.body.prompts.map((p: { id: number }) => p.id)).toContain(id);
    expect(JSON.stringify(list.body)).not.toContain('sk-secret-9876');
    const edited = await company.admin.put(
      `/prompt/${id}`,
      body({ name: 'Renomeado', apiKey: `${SECRET_MASK}9876`, maxTokens: 300 }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renomeado', maxTokens: 300, apiKey: `${SECRET_MASK}9876` });
    const newKey = await company.admin.put(`/prompt/${id}`, body({ apiKey: 'sk-another-5555' }));
    expect(newKey.body.apiKey).toBe(`${SECRET_MASK}5555`);
    const removed = await company.admin.delete(`/prompt/${id}`);
    expect(removed.status).toBe(200);
    expect(typeof removed.body.message).toBe('string');
    expect((await company.admin.get(`/prompt/${id}`)).status).toBe(404);
  });

  it("refuses a prompt without a queue ('Informe o setor'), with another company's queue, or a voice without its key", async () => {
    const missing = await company.admin.post('/prompt', body({ queueId: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ path: 'body.queueId', message: PROMPT_QUEUE_REQUIRED }]);
    const nulled = await company.admin.post('/prompt', body({ queueId: null }));
    expect(nulled.body.fields).toEqual([{ path: 'body.queueId', message: PROMPT_QUEUE_REQUIRED }]);
    const foreign = await company.admin.post('/prompt', body({ queueId: 999 }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual([{ path: 'body.queueId', message: PROMPT_QUEUE_REQUIRED }]);
    const voice = await company.admin.post('/prompt', body({ voice: 'pt-BR-AntonioNeural' }));
    expect(voice.status).toBe(400);
    expect(voice.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body.voiceKey', 'body.voiceRegion']);
  });

  it('tells the admins on company-{id}-prompt', async () => {
    const probe = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    try {
      const created = await company.admin.post('/prompt', body({ name: 'Ao vivo' }));
      const frame = await probe.waitFor((f) => f.event === `company-${company.companyId}-prompt`);
      expect(frame.data).toMatchObject({ action: 'create', prompt: { id: created.body.id, name: 'Ao vivo' } });
      expect(JSON.stringify(frame)).not.toContain('sk-secret-9876');
    } finally {
      await probe.close();
    }
  });

  it("clears a deleted prompt from the connections that named it, and refuses another company's prompt on a connection", async () => {
    const created = await company.admin.post('/prompt', body({ name: 'Ligado' }));
    const attached = await company.admin.put(`/whatsapp/${company.connectionId}`, { promptId: created.body.id });
    expect(attached.body.promptId).toBe(created.body.id);
    const foreign = (await stranger.admin.post('/prompt', { ...body(), queueId: stranger.queueId, name: 'Alheio' })).body;
    const refused = await company.admin.put(`/whatsapp/${company.connectionId}`, { promptId: foreign.id + 100 });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ path: 'body.promptId', message: `Unknown prompt ${foreign.id + 100}` }]);
    expect((await company.admin.delete(`/prompt/${created.body.id}`)).status).toBe(200);
    expect((await company.admin.get(`/whatsapp/${company.connectionId}`)).body.promptId).toBeNull();
  });

  it('answers a profile user and a company whose plan has no OpenAI with no access', async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.get('/prompt')).status).toBe(403);
    expect((await agent.client.post('/prompt', body())).status).toBe(403);
    const plan = await addPlan({ ...defaultPlanInput, name: 'Sem OpenAI', useOpenAi: false });
    const { admin: client } = await signupOnPlan(runtime, plan.id, 'Sem IA');
    expect((await client.get('/prompt')).status).toBe(403);
  });
});
