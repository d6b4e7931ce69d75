/**
 * Phrase campaigns through the HTTP API: both body shapes (the spec's one phrase and connection, the fork's lists),
 * the validations of reference 5.4, who may call, and what a deleted flow leaves behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;
let flowId: number;
let otherFlowId: number;

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Frases');
  flowId = (await company.admin.post('/flowbuilder', { name: 'Boas-vindas' })).body.id;
  otherFlowId = (await company.admin.post('/flowbuilder', { name: 'Promoção' })).body.id;
});
afterAll(async () => {
  await runtime?.stop();
});

describe('phrase campaigns API', () => {
  it("creates a campaign from the spec's body (one phrase, one connection) and answers it in both shapes", async () => {
    const created = await company.admin.post('/flowcampaign', {
      name: 'Promo',
      flowId,
      whatsappId: company.connectionId,
      phrase: '  Quero PROMO ',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Promo',
      flowId,
      flowName: 'Boas-vindas',
      phrases: [{ text: 'Quero PROMO', type: 'exact' }],
      phrase: 'Quero PROMO',
      allConnections: false,
      whatsappIds: [company.connectionId],
      whatsappId: company.connectionId,
      status: true,
    });
    const shown = await company.admin.get(`/flowcampaign/${created.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.details).toMatchObject({ id: created.body.id, name: 'Promo', phrase: 'Quero PROMO', flowId, status: true });
  });

  it("takes the fork's shape: phrases with types, several connections or all of them", async () => {
    const all = await company.admin.post('/flowcampaign', {
      name: 'Todas',
      flowId,
      allConnections: true,
      phrases: [
        { text: 'oi', type: 'exact' },
        { text: 'preço', type: 'partial' },
        { text: '   ' },
        { text: 'OI', type: 'exact' },
        { text: 'frete' },
      ],
    });
    expect(all.status, JSON.stringify(all.body)).toBe(201);
    // empty rows are dropped, repeats kept once, a missing type is exact
    expect(all.body).toMatchObject({
      allConnections: true,
      whatsappIds: [],
      whatsappId: null,
      phrases: [
        { text: 'oi', type: 'exact' },
        { text: 'preço', type: 'partial' },
        { text: 'frete', type: 'exact' },
      ],
    });
    // the spec's dialog saves with whatsappId null when no connection was chosen: every connection
    const none = await company.admin.post('/flowcampaign', { name: 'Sem conexão', flowId, whatsappId: null, phrase: 'ajuda' });
    expect(none.status, JSON.stringify(none.body)).toBe(201);
    expect(none.body).toMatchObject({ allConnections: true, whatsappId: null });
  });

  it('refuses a missing name, flow, phrase or connection with 400 naming the field, and writes nothing', async () => {
    const before = (await company.admin.get('/flowcampaign')).body.flow.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ', flowId, whatsappId: company.connectionId, phrase: 'x' }, 'body.name'],
      [{ name: 'Sem fluxo', whatsappId: company.connectionId, phrase: 'x' }, 'body.flowId'],
      [{ name: 'Sem frase', flowId, whatsappId: company.connectionId, phrase: '   ' }, 'body.phrase'],
      [{ name: 'Sem frases', flowId, whatsappIds: [company.connectionId], phrases: [{ text: '' }] }, 'body.phrases'],
      [{ name: 'Sem conexões', flowId, whatsappIds: [], phrases: [{ text: 'x' }] }, 'body.whatsappIds'],
      [{ name: 'Sem conexão', flowId, phrase: 'x' }, 'body.whatsappId'],
      [{ name: 'Tipo errado', flowId, allConnections: true, phrases: [{ text: 'x', type: 'regex' }] }, 'body.phrases.0.type'],
    ];
    for (const [body, field] of cases) {
      const res = await company.admin.post('/flowcampaign', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    expect((await company.admin.get('/flowcampaign')).body.flow.length).toBe(before);
  });

  it('keeps a name once per company, whatever its case', async () => {
    const res = await company.admin.post('/flowcampaign', { name: 'PROMO', flowId, allConnections: true, phrase: 'y' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ path: 'body.name', message: expect.any(String) }]);
    const other = (await company.admin.post('/flowcampaign', { name: 'Outra', flowId, allConnections: true, phrase: 'y' })).body;
    const renamed = await company.admin.put('/flowcampaign', {
      id: other.id,
      name: 'promo',
      flowId,
      allConnections: true,
      phrase: 'y',
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields[0].path).toBe('body.name');
  });

  it('refuses flows and connections that are not the company’s (not found, naming the field)', async () => {
    const other = await signupCompany(runtime, 'Outra Loja Frases');
    for (const name of ['A1', 'A2', 'A3', 'A4', 'A5']) await other.admin.post('/flowbuilder', { name });
    const foreignFlow = (await other.admin.post('/flowbuilder', { name: 'Alheio' })).body.id as number;
    const byFlow = await company.admin.post('/flowcampaign', {
      name: 'Alheia',
      flowId: foreignFlow,
      allConnections: true,
      phrase: 'z',
    });
    expect(byFlow.status).toBe(404);
    expect(byFlow.body.fields).toEqual([{ path: 'body.flowId', message: `Unknown flow ${foreignFlow}` }]);
    // connection ids count per company too: an id this company has no connection under
    const unknown = company.connectionId + 500;
    const byConnection = await company.admin.post('/flowcampaign', {
      name: 'Alheia',
      flowId,
      whatsappIds: [company.connectionId, unknown],
      phrase: 'z',
    });
    expect(byConnection.status).toBe(404);
    expect(byConnection.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect(byConnection.body.fields).toEqual([{ path: 'body.whatsappIds', message: `Unknown connection ${unknown}` }]);
    // and the other company does not see this company's campaigns
    expect((await other.admin.get('/flowcampaign')).body.flow).toEqual([]);
  });

  it('updates every field, keeps the status when none is sent, switches it off, and deletes', async () => {
    const created = (
      await company.admin.post('/flowcampaign', { name: 'Editável', flowId, whatsappId: company.connectionId, phrase: 'a' })
    ).body;
    const changed = await company.admin.put('/flowcampaign', {
      id: created.id,
      name: 'Editada',
      flowId: otherFlowId,
      phrases: [{ text: 'b', type: 'partial' }],
      allConnections: true,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Editada',
      flowId: otherFlowId,
      flowName: 'Promoção',
      phrases: [{ text: 'b', type: 'partial' }],
      allConnections: true,
      status: true,
    });
    const off = await company.admin.put('/flowcampaign', {
      id: created.id,
      name: 'Editada',
      flowId: otherFlowId,
      whatsappId: company.connectionId,
      phrase: 'b',
      status: false,
    });
    expect(off.body).toMatchObject({ status: false, allConnections: false, whatsappIds: [company.connectionId] });
    const list = (await company.admin.get('/flowcampaign')).body;
    expect(list.flow.find((c: { id: number }) => c.id === created.id)).toMatchObject({ name: 'Editada', status: false });
    expect((await company.admin.delete(`/flowcampaign/${created.id}`)).status).toBe(200);
    expect((await company.admin.get(`/flowcampaign/${created.id}`)).status).toBe(404);
    expect(
      (await company.admin.put('/flowcampaign', { id: created.id, name: 'X', flowId, allConnections: true, phrase: 'c' })).status,
    ).toBe(404);
    // the name is free again
    expect(
      (await company.admin.post('/flowcampaign', { name: 'Editada', flowId, allConnections: true, phrase: 'c' })).status,
    ).toBe(201);
  });

  it('lists by name, searched by its start', async () => {
    const list = await company.admin.get('/flowcampaign?searchParam=pro');
    expect(list.status).toBe(200);
    expect(list.body.flow.map((c: { name: string }) => c.name)).toEqual(['Promo']);
    expect(list.body.hasMore).toBe(false);
  });

  it('is an admin page: an agent may neither read nor delete campaigns', async () => {
    const agent = await addAgent(runtime, company);
    const some = (await company.admin.get('/flowcampaign')).body.flow[0];
    expect((await agent.client.get('/flowcampaign')).status).toBe(403);
    expect((await agent.client.delete(`/flowcampaign/${some.id}`)).status).toBe(403);
    expect((await company.admin.get(`/flowcampaign/${some.id}`)).status).toBe(200);
  });

  it("deleting a flow clears the connections' flows that named it and switches its campaigns off", async () => {
    const doomed = (await company.admin.post('/flowbuilder', { name: 'Temporário' })).body.id as number;
    const kept = (await company.admin.post('/flowbuilder', { name: 'Fica' })).body.id as number;
    expect(
      (await company.admin.put(`/whatsapp/${company.connectionId}`, { flowIdWelcome: doomed, flowIdNotPhrase: kept })).status,
    ).toBe(200);
    const campaign = (
      await company.admin.post('/flowcampaign', { name: 'Do temporário', flowId: doomed, allConnections: true, phrase: 'tmp' })
    ).body;
    const other = (
      await company.admin.post('/flowcampaign', { name: 'Do que fica', flowId: kept, allConnections: true, phrase: 'fica' })
    ).body;
    expect((await company.admin.delete(`/flowbuilder/${doomed}`)).status).toBe(200);
    const connection = (await company.admin.get(`/whatsapp/${company.connectionId}`)).body;
    expect(connection).toMatchObject({ flowIdWelcome: null, flowIdNotPhrase: kept });
    expect((await company.admin.get(`/flowcampaign/${campaign.id}`)).body.details).toMatchObject({
      status: false,
      flowId: doomed,
      flowName: null,
    });
    expect((await company.admin.get(`/flowcampaign/${other.id}`)).body.details).toMatchObject({ status: true });
    // switched back on, it must name a flow that exists
    const again = await company.admin.put('/flowcampaign', {
      id: campaign.id,
      name: 'Do temporário',
      flowId: doomed,
      allConnections: true,
      phrase: 'tmp',
      status: true,
    });
    expect(again.status).toBe(404);
    expect(again.body.fields[0].path).toBe('body.flowId');
  });
});
