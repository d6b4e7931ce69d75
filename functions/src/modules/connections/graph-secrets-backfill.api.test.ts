/**
 * Graph connections stored when their Meta secrets were kept plain get them sealed by the one-off migration; the
 * connections keep working with them (webhook checks, sends), and the migration runs once.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../../test/api.ts';
import { postWebhook, metaDelivery, metaEvent, startFakeGraph, type FakeGraph } from '../../../../test/fakes/graph-server.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { table, tableName } from '../../platform/table/client.ts';
import { connectionKey, type GraphSettings } from './connection.entity.ts';
import { sealPlainGraphSecrets } from './graph-secrets-backfill.repository.ts';

const META_APP_SECRET = 'platform-app-secret';
const CLOUD = {
  phoneNumberId: '1015550081',
  wabaId: '2025550081',
  accessToken: 'old-cloud-token',
  appSecret: 'old-app-secret',
  verifyToken: 'old-verify',
};
const PAGE = { id: '5081', name: 'Pagina Antiga', access_token: 'old-page-token' };

let fake: FakeGraph;
let runtime: Runtime;
let company: TestCompany;

beforeAll(async () => {
  fake = await startFakeGraph();
  Object.assign(process.env, { META_GRAPH_URL: fake.url, META_APP_SECRET });
  fake.tokens.add(CLOUD.accessToken).add('user-token').add(PAGE.access_token);
  fake.phoneNumbers.set(CLOUD.phoneNumberId, CLOUD.wabaId);
  fake.pages.set('9081', [PAGE]);
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Antiga');
});
afterAll(async () => {
  await runtime?.stop();
  await fake?.close();
  for (const name of ['META_GRAPH_URL', 'META_APP_SECRET']) delete process.env[name];
});

const storedGraph = async (id: number): Promise<GraphSettings> =>
  (
    await table().send(
      new GetCommand({ TableName: tableName(), Key: connectionKey(company.companyId, id), ConsistentRead: true }),
    )
  ).Item!.graph as GraphSettings;

/** Writes a connection's settings back as an earlier version stored them: the secrets in clear. */
const storePlain = (id: number, graph: GraphSettings) =>
  table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: connectionKey(company.companyId, id),
      UpdateExpression: 'SET graph = :graph',
      ExpressionAttributeValues: { ':graph': graph },
    }),
  );

const pendingTicket = async (number: string) =>
  (await company.admin.get('/tickets?status=pending&showAll=true')).body.tickets.find((t: any) => t.contact.number === number);

describe('the Graph secrets migration', () => {
  it("seals an older Cloud API number's and Messenger page's secrets, once, and they still work", async () => {
    const cloud = await company.admin.post('/whatsapp', { channel: 'whatsappapi', name: 'Oficial antigo', ...CLOUD });
    expect(cloud.status, JSON.stringify(cloud.body)).toBe(201);
    const pages = await company.admin.post('/facebook', { facebookUserId: '9081', facebookUserToken: 'user-token' });
    expect(pages.status, JSON.stringify(pages.body)).toBe(201);
    const page = pages.body[0];
    await storePlain(cloud.body.id, {
      ...(await storedGraph(cloud.body.id)),
      accessToken: CLOUD.accessToken,
      appSecret: CLOUD.appSecret,
      verifyToken: CLOUD.verifyToken,
    });
    await storePlain(page.id, { ...(await storedGraph(page.id)), accessToken: PAGE.access_token });
    await table().send(
      new DeleteCommand({ TableName: tableName(), Key: { pk: 'MIGRATION', sk: 'connection-graph-secrets-sealed' } }),
    );
    expect((await storedGraph(cloud.body.id)).appSecret).toBe(CLOUD.appSecret);

    expect(await sealPlainGraphSecrets()).toBe(2);
    const sealedCloud = await storedGraph(cloud.body.id);
    const sealedPage = await storedGraph(page.id);
    for (const secret of [CLOUD.accessToken, CLOUD.appSecret, CLOUD.verifyToken])
      expect(JSON.stringify(sealedCloud)).not.toContain(secret);
    expect(JSON.stringify(sealedPage)).not.toContain(PAGE.access_token);
    // Meta's ids and the webhook address are kept as they were
    expect(sealedCloud).toMatchObject({ phoneNumberId: CLOUD.phoneNumberId, wabaId: CLOUD.wabaId });
    expect(`${runtime.url}/api/webhooks/whatsapp/${sealedCloud.webhookKey}`).toBe(cloud.body.webhookUrl);

    // the webhook checks and the sends open them
    const hook = cloud.body.webhookUrl as string;
    expect(await (await fetch(`${hook}?hub.mode=subscribe&hub.verify_token=${CLOUD.verifyToken}&hub.challenge=808`)).text()).toBe(
      '808',
    );
    const number = '5511900000081';
    const delivery = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: CLOUD.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550081', phone_number_id: CLOUD.phoneNumberId },
                contacts: [{ profile: { name: 'Antigo' }, wa_id: number }],
                messages: [
                  {
                    from: number,
                    id: 'wamid.OLD',
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: 'oi' },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    expect((await postWebhook(hook, delivery, CLOUD.appSecret)).status).toBe(200);
    const at = Date.now();
    const pageDelivery = metaDelivery(PAGE.id, [metaEvent('PSID81', PAGE.id, at, { message: { mid: 'm_old_1', text: 'olá' } })], {
      time: at,
    });
    expect((await postWebhook(`${runtime.url}/api/webhooks/meta`, pageDelivery, META_APP_SECRET)).status).toBe(200);
    await runtime.idleQueues();
    for (const [customer, token] of [
      [number, CLOUD.accessToken],
      ['PSID81', PAGE.access_token],
    ] as const) {
      const ticket = await pendingTicket(customer);
      expect(ticket, customer).toBeDefined();
      expect((await company.admin.post(`/messages/${ticket.id}`, { body: 'resposta' })).status).toBe(201);
      await runtime.idleQueues();
      expect(fake.sends().at(-1)).toMatchObject({ token, body: expect.anything() });
    }

    // done: a later run reads its marker and changes nothing
    await storePlain(cloud.body.id, { ...sealedCloud, verifyToken: 'plain-again' });
    expect(await sealPlainGraphSecrets()).toBe(0);
    expect((await storedGraph(cloud.body.id)).verifyToken).toBe('plain-again');
  });
});
