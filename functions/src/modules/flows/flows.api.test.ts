/**
 * The flows API (spec document 3 "Flow list", "Flow editor", sections 5 and 7 "Flows"), driven over HTTP as the
 * web app calls it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_PAGE_SIZE } from '@switchboard/shared/contracts/flows';
import { fieldsOf } from '../../../../test/api.ts';
import { startApi } from '../../../../test/api.ts';
import { signupOnPlan, addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';

let runtime: Runtime;
let company: TestCompany;
let stranger: TestCompany;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Fluxos SA');
  stranger = await signupCompany(runtime, 'Outra SA');
});
afterAll(async () => {
  await runtime?.stop();
});

const at = { x: 10, y: 20 };

describe('flows', () => {
  it('creates a flow with its start node, shows it and lists it', async () => {
    const created = await company.admin.post('/flowbuilder', { name: 'Boas-vindas' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Boas-vindas', active: true, companyId: company.companyId });
    expect((await company.admin.get(`/flowbuilder/${created.body.id}`)).body).toMatchObject({
      id: created.body.id,
      name: 'Boas-vindas',
    });
    const graph = await company.admin.get(`/flowbuilder/flow/${created.body.id}`);
    expect(graph.body.flow.flow.nodes).toEqual([
      { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio' } },
    ]);
    expect(graph.body.flow.flow.connections).toEqual([]);
    const list = await company.admin.get('/flowbuilder?searchParam=boas');
    expect(list.body).toEqual({
      flows: [expect.objectContaining({ id: created.body.id, name: 'Boas-vindas', active: true })],
      hasMore: false,
    });
  });

  it('validates the name with the spec texts and refuses a name the company has', async () => {
    expect(fieldsOf((await company.admin.post('/flowbuilder', { name: '' })).body)).toEqual({
      'body.name': 'Introduzca un nombre',
    });
    expect(fieldsOf((await company.admin.post('/flowbuilder', { name: 'a' })).body)).toEqual({ 'body.name': '¡Muy corto!' });
    expect(fieldsOf((await company.admin.post('/flowbuilder', { name: 'x'.repeat(51) })).body)).toEqual({
      'body.name': '¡Demasiado tiempo!',
    });
    await company.admin.post('/flowbuilder', { name: 'Único' });
    const again = await company.admin.post('/flowbuilder', { name: 'ÚNICO ' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_FLOW_NAME');
  });

  it('renames and switches a flow off, keeping names unique', async () => {
    const a = (await company.admin.post('/flowbuilder', { name: 'Nome A' })).body;
    await company.admin.post('/flowbuilder', { name: 'Nome B' });
    const renamed = await company.admin.put('/flowbuilder', { flowId: a.id, name: 'Nome C', active: false });
    expect(renamed.body).toMatchObject({ name: 'Nome C', active: false });
    expect((await company.admin.put('/flowbuilder', { flowId: a.id, name: 'Nome B' })).status).toBe(409);
    // the old name is free again
    expect((await company.admin.post('/flowbuilder', { name: 'Nome A' })).status).toBe(201);
  });

  it('saves the graph as the fork keeps it and answers it back with its files', async () => {
    const f = (await company.admin.post('/flowbuilder', { name: 'Com grafo' })).body;
    const upload = await company.admin.post('/flowbuilder/img', { name: 'foto.png', mimeType: 'image/png', size: 1000 });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const nodes = [
      { id: '1', type: 'start', position: at, data: { label: 'Inicio' } },
      { id: 'm', type: 'menu', position: at, data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Foto' }] } },
      { id: 'i', type: 'img', position: at, data: { url: upload.body.name } },
    ];
    const connections = [
      { source: '1', sourceHandle: 'a', target: 'm' },
      { source: 'm', sourceHandle: 'a1', target: 'i' },
    ];
    const saved = await company.admin.post('/flowbuilder/flow', { idFlow: f.id, nodes, connections });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await company.admin.get(`/flowbuilder/flow/${f.id}`);
    expect(read.body.flow.flow).toEqual({
      nodes: [nodes[0], nodes[1], { ...nodes[2], data: { url: upload.body.name } }],
      connections,
    });
    expect(read.body.media[upload.body.name]).toEqual(expect.any(String));
  });

  it('refuses a broken graph naming the field, and changes nothing', async () => {
    const f = (await company.admin.post('/flowbuilder', { name: 'Quebrado' })).body;
    const bad = await company.admin.post('/flowbuilder/flow', {
      idFlow: f.id,
      nodes: [
        { id: '1', type: 'start', position: at, data: {} },
        { id: 'w', type: 'interval', position: at, data: { sec: 500 } },
      ],
      connections: [{ source: '1', target: 'ghost' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldsOf(bad.body))).toEqual(
      expect.arrayContaining(['body.nodes.1.data.sec', 'body.connections.0.target']),
    );
    expect((await company.admin.get(`/flowbuilder/flow/${f.id}`)).body.flow.flow.nodes).toHaveLength(1);
  });

  it('refuses a graph too big to be one item with a clear error', async () => {
    const f = (await company.admin.post('/flowbuilder', { name: 'Enorme' })).body;
    const nodes = Array.from({ length: 100 }, (_, i) => ({
      id: `n${i}`,
      type: 'message',
      position: at,
      data: { label: 'x'.repeat(4000) },
    }));
    const res = await company.admin.post('/flowbuilder/flow', { idFlow: f.id, nodes, connections: [] });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('ERR_FLOW_TOO_LARGE');
    expect((await company.admin.get(`/flowbuilder/flow/${f.id}`)).body.flow.flow.nodes).toHaveLength(1);
  });

  it('duplicates a flow with its graph as "<name> - copy", and deletes flows', async () => {
    const f = (await company.admin.post('/flowbuilder', { name: 'Original' })).body;
    const nodes = [
      { id: '1', type: 'start', position: at, data: {} },
      { id: 'h', type: 'message', position: at, data: { label: 'Oi' } },
    ];
    await company.admin.post('/flowbuilder/flow', { idFlow: f.id, nodes, connections: [{ source: '1', target: 'h' }] });
    const copy = await company.admin.post('/flowbuilder/duplicate', { flowId: f.id });
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe('Original - copy');
    expect((await company.admin.get(`/flowbuilder/flow/${copy.body.id}`)).body.flow.flow.nodes).toEqual(nodes);
    expect((await company.admin.post('/flowbuilder/duplicate', { flowId: f.id })).body.name).toBe('Original - copy 2');
    expect((await company.admin.delete(`/flowbuilder/${f.id}`)).status).toBe(200);
    expect((await company.admin.get(`/flowbuilder/${f.id}`)).status).toBe(404);
    expect((await company.admin.get(`/flowbuilder/flow/${f.id}`)).status).toBe(404);
    // the name can be used again
    expect((await company.admin.post('/flowbuilder', { name: 'Original' })).status).toBe(201);
  });

  it('pages the list', async () => {
    const c = await signupCompany(runtime, 'Muitos fluxos');
    for (let i = 0; i < FLOW_PAGE_SIZE + 2; i++)
      expect((await c.admin.post('/flowbuilder', { name: `Fluxo ${String(i).padStart(2, '0')}` })).status).toBe(201);
    const first = await c.admin.get('/flowbuilder?pageNumber=1');
    expect(first.body.flows).toHaveLength(FLOW_PAGE_SIZE);
    expect(first.body.hasMore).toBe(true);
    const second = await c.admin.get('/flowbuilder?pageNumber=2');
    expect(second.body.flows.map((f: { name: string }) => f.name)).toEqual(['Fluxo 20', 'Fluxo 21']);
    expect(second.body.hasMore).toBe(false);
  });

  it('checks upload types and sizes (section 5)', async () => {
    const post = (path: string, body: unknown) => company.admin.post(path, body);
    expect((await post('/flowbuilder/img', { name: 'a.gif', mimeType: 'image/gif', size: 10 })).status).toBe(400);
    expect((await post('/flowbuilder/img', { name: 'a.jpg', mimeType: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).status).toBe(
      400,
    );
    expect((await post('/flowbuilder/img', { name: 'a.html', mimeType: 'image/png', size: 10 })).status).toBe(400);
    expect((await post('/flowbuilder/audio', { name: 'a.mp3', mimeType: 'audio/mpeg', size: 5 * 1024 * 1024 })).status).toBe(200);
    expect((await post('/flowbuilder/audio', { name: 'a.wav', mimeType: 'audio/wav', size: 10 })).status).toBe(400);
    const content = await post('/flowbuilder/content', {
      medias: [
        { name: 'v.mp4', mimeType: 'video/mp4', size: 20 * 1024 * 1024 },
        { name: 'n.opus', mimeType: 'audio/opus', size: 100 },
      ],
    });
    expect(content.status, JSON.stringify(content.body)).toBe(200);
    expect(content.body.elements.map((e: { original: string }) => e.original)).toEqual(['v.mp4', 'n.opus']);
    expect(
      (await post('/flowbuilder/content', { medias: [{ name: 'v.mov', mimeType: 'video/quicktime', size: 100 }] })).status,
    ).toBe(400);
    expect(
      (await post('/flowbuilder/content', { medias: [{ name: 'v.mp4', mimeType: 'video/mp4', size: 20 * 1024 * 1024 + 1 }] }))
        .status,
    ).toBe(400);
  });

  it("answers 404 for another company's flow and changes nothing", async () => {
    const mine = (await company.admin.post('/flowbuilder', { name: 'Privado' })).body;
    expect((await stranger.admin.get(`/flowbuilder/${mine.id}`)).status).toBe(404);
    expect((await stranger.admin.get(`/flowbuilder/flow/${mine.id}`)).status).toBe(404);
    expect((await stranger.admin.put('/flowbuilder', { flowId: mine.id, name: 'Roubado' })).status).toBe(404);
    expect((await stranger.admin.post('/flowbuilder/flow', { idFlow: mine.id, nodes: [], connections: [] })).status).toBe(404);
    expect((await stranger.admin.post('/flowbuilder/duplicate', { flowId: mine.id })).status).toBe(404);
    expect((await stranger.admin.delete(`/flowbuilder/${mine.id}`)).status).toBe(404);
    expect((await stranger.admin.get('/flowbuilder?searchParam=privado')).body.flows).toEqual([]);
    expect((await company.admin.get(`/flowbuilder/${mine.id}`)).body.name).toBe('Privado');
  });

  it('is for admins of a plan with integrations', async () => {
    const agent = await addAgent(runtime, company);
    expect((await agent.client.get('/flowbuilder')).status).toBe(403);
    expect((await agent.client.post('/flowbuilder', { name: 'Agente' })).status).toBe(403);
    const plan = await addPlan({ ...defaultPlanInput, name: 'Sem integrações', useIntegrations: false });
    const { admin: client } = await signupOnPlan(runtime, plan.id, 'Sem fluxos');
    expect((await client.get('/flowbuilder')).status).toBe(403);
  });
});
