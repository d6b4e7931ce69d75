/**
 * The website chat widget's public API. A visitor attaches a file as an agent does: the same allow-list and size
 * limit, an upload URL only for their own conversation's folder, and the file reaches the agents' inbox like any
 * channel's media, served inert. The widget's settings are readable from the customer's site and say whether the
 * company is attending now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPathsOf, startApi } from '../../../../test/api.ts';
import { findTicket, signupCompany, Visitor, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';

let runtime: Runtime;
let company: TestCompany;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(56, 7)]);

const uploadAs = async (visitor: Visitor, name: string, mimeType: string, bytes: Buffer) => {
  const target = await visitor.api().post(`/webchat/${company.webchatToken}/upload-url`, { name, mimeType, size: bytes.length });
  expect(target.status, JSON.stringify(target.body)).toBe(200);
  const put = await fetch(new URL(target.body.uploadUrl, runtime.url), {
    method: 'PUT',
    headers: target.body.headers,
    body: bytes,
  });
  expect(put.status).toBe(200);
  return target.body.key as string;
};

const ticketOf = (name: string) => findTicket(company, { name }, ['pending']);

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Anexos');
});
afterAll(async () => {
  await runtime?.stop();
});

describe("a visitor's attachments", () => {
  it.each([
    ['page.html', 'text/html', 100, ['body.mimeType']],
    ['logo.svg', 'image/svg+xml', 100, ['body.mimeType']],
    ['photo.html', 'image/png', 100, ['body.name']],
    ['video.mp4', 'video/mp4', 64 * 1024 * 1024 + 1, ['body.size']],
  ])('refuses %s as %s (%i bytes), naming the field', async (name, mimeType, size, fields) => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Rui Recusado');
    const res = await visitor.api().post(`/webchat/${company.webchatToken}/upload-url`, { name, mimeType, size });
    expect(res.status).toBe(400);
    expect(fieldPathsOf(res.body)).toEqual(fields);
  });

  it('gives no upload URL without a visitor token of this web chat', async () => {
    const res = await new Visitor(runtime, company.webchatToken)
      .api()
      .post(`/webchat/${company.webchatToken}/upload-url`, { name: 'foto.png', mimeType: 'image/png', size: 64 });
    expect(res.status).toBe(401);
  });

  it("shows the visitor's photo in the agents' inbox, served inline with nosniff and the sandbox policy", async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Ana Foto');
    const key = await uploadAs(visitor, 'recibo.png', 'image/png', PNG);
    const sent = await visitor.api().post(`/webchat/${company.webchatToken}/messages`, {
      body: 'o recibo',
      media: { key, name: 'recibo.png', mimeType: 'image/png', size: PNG.length },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toMatchObject({ mediaType: 'image', body: 'o recibo', fromVisitor: true });
    // the file's first inbound message: the functions that take it in may start cold on a busy machine
    await runtime.drainQueues(30_000);

    const ticket = await ticketOf('Ana Foto');
    expect(ticket).toBeDefined();
    const listed = await company.admin.get(`/messages/${ticket!.id}`);
    const photo = listed.body.messages.find((m: { mediaType: string }) => m.mediaType === 'image');
    expect(photo).toMatchObject({ fromMe: false, body: 'o recibo', mediaName: 'recibo.png' });
    const file = await fetch(new URL(photo.mediaUrl, runtime.url));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe('sandbox');

    const own = await visitor.conversation();
    expect(own.messages).toEqual([
      expect.objectContaining({ mediaType: 'image', fromVisitor: true, mediaUrl: expect.any(String) }),
    ]);
  });

  it("refuses another visitor's upload and an agent's, naming the key, and stores nothing", async () => {
    const owner = await new Visitor(runtime, company.webchatToken).start('Bia Dona');
    const key = await uploadAs(owner, 'contrato.pdf', 'application/pdf', Buffer.from('%PDF-1.4 contrato'));
    const other = await new Visitor(runtime, company.webchatToken).start('Caio Outro');
    const media = { key, name: 'contrato.pdf', mimeType: 'application/pdf', size: 17 };
    const res = await other.api().post(`/webchat/${company.webchatToken}/messages`, { body: '', media });
    expect(res.status).toBe(400);
    expect(fieldPathsOf(res.body)).toEqual(['body.media.key']);

    const agentKey = `c${company.companyId}/t1/01HZX3K4M5N6P7Q8R9S0T1V2W3-contrato.pdf`;
    const agent = await other
      .api()
      .post(`/webchat/${company.webchatToken}/messages`, { body: 'x', media: { ...media, key: agentKey } });
    expect(agent.status).toBe(400);
    expect(fieldPathsOf(agent.body)).toEqual(['body.media.key']);

    await runtime.drainQueues();
    expect((await other.conversation()).messages).toEqual([]);
    expect(await ticketOf('Caio Outro')).toBeUndefined();
  });

  it('refuses a send with neither text nor file, naming the body', async () => {
    const visitor = await new Visitor(runtime, company.webchatToken).start('Duda Vazia');
    const res = await visitor.api().post(`/webchat/${company.webchatToken}/messages`, { body: '   ' });
    expect(res.status).toBe(400);
    expect(fieldPathsOf(res.body)).toEqual(['body.body']);
  });
});

describe("the widget's settings", () => {
  it('may be read from any site, so the launcher takes the colour before it is drawn', async () => {
    const res = await new Visitor(runtime, company.webchatToken).api().get(`/webchat/${company.webchatToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(res.body.open).toBe(true);
  });

  it('says the company is not attending outside its hours', async () => {
    const shop = await signupCompany(runtime, 'Loja Fechada');
    expect((await shop.admin.put('/settings/scheduleType', { value: 'company' })).status).toBe(200);
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    // every day's periods are empty: closed at any hour the test runs
    const closed = days.map((weekdayEn) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTimeA: '',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    }));
    const saved = await shop.admin.put(`/companies/${shop.companyId}/schedules`, { schedules: closed });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await new Visitor(runtime, shop.webchatToken).api().get(`/webchat/${shop.webchatToken}`)).body.open).toBe(false);
  });
});
