/**
 * Which connection a campaign may go out through: WhatsApp (here a Cloud API number) sends to contact lists and tags,
 * a Messenger page only to a tag (its contacts are page-scoped ids, a contact list holds phone numbers), a web chat
 * never. A refusal names the field and changes nothing.
 */
import { CAMPAIGN_CHANNEL_REFUSED, CAMPAIGN_LIST_REFUSED } from '@switchboard/shared/campaign-channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { fieldsOf, startApi } from '../../../../test/api.ts';
import { startFakeGraph, type FakeGraph } from '../../../../test/fakes/graph-server.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';

const CLOUD = {
  phoneNumberId: '1015558301',
  wabaId: '2025558301',
  accessToken: 'rule-cloud-token',
  appSecret: 'rule-secret',
  verifyToken: 'rule-verify',
};

let fake: FakeGraph;
let runtime: Runtime;
let company: TestCompany;
let cloudId: number;
let pageId: number;
let listId: number;
let tagId: number;

const campaign = (fields: Record<string, unknown>) => ({ name: 'Regra de canal', message1: 'Olá', ...fields });
const count = async () => (await company.admin.get('/campaigns')).body.records.length;

beforeAll(async () => {
  fake = await startFakeGraph();
  Object.assign(process.env, { META_GRAPH_URL: fake.url });
  fake.tokens.add(CLOUD.accessToken).add('rule-user-token').add('rule-page-token');
  fake.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  fake.pages.set('9801', [{ id: '5801', name: 'Página da Regra', access_token: 'rule-page-token' }]);
  runtime = await startApi();
  company = await signupCompany(runtime, 'Regra de Canal');
  cloudId = (await company.admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Número', ...CLOUD })).body.id;
  const pages = await company.admin.post('/facebook', {
    facebookUserId: '9801',
    facebookUserToken: 'rule-user-token',
    addInstagram: false,
  });
  expect(pages.status, JSON.stringify(pages.body)).toBe(201);
  pageId = pages.body[0].id;
  listId = (await company.admin.post('/contact-lists', { name: 'Lista' })).body.id;
  tagId = (await company.admin.post('/tags', { name: 'Clientes' })).body.id;
}, 60_000);
afterAll(async () => {
  await runtime?.stop();
  await fake?.close();
  delete process.env.META_GRAPH_URL;
});

describe('the connection a campaign goes out through', () => {
  it('refuses a web chat, naming the connection field, and creates nothing', async () => {
    const before = await count();
    const res = await company.admin.post('/campaigns', campaign({ whatsappId: company.connectionId, tagListId: tagId }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({ 'body.whatsappId': CAMPAIGN_CHANNEL_REFUSED });
    expect(await count()).toBe(before);
  });

  it('refuses a contact list on a Messenger page, naming the list field, and takes a tag there', async () => {
    const before = await count();
    const res = await company.admin.post('/campaigns', campaign({ whatsappId: pageId, contactListId: listId }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({ 'body.contactListId': CAMPAIGN_LIST_REFUSED });
    expect(await count()).toBe(before);
    expect((await company.admin.post('/campaigns', campaign({ whatsappId: pageId, tagListId: tagId }))).status).toBe(201);
  });

  it('takes a contact list or a tag on a WhatsApp number', async () => {
    expect((await company.admin.post('/campaigns', campaign({ whatsappId: cloudId, contactListId: listId }))).status).toBe(201);
    expect((await company.admin.post('/campaigns', campaign({ whatsappId: cloudId, tagListId: tagId }))).status).toBe(201);
  });
});
