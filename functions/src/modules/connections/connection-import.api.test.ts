/**
 * Import of old WhatsApp messages and the greeting media of a connection, over the API with the connector running
 * in the local runtime on scripted Baileys sockets: the import's validation (400 with field paths), a connected
 * session paired anew, a Baileys-shaped history sync taken in by range (imported tickets in the import's queue,
 * groups left out), progress on `importMessages-{cid}`, 'renderButtonCloseTickets' at the end, and
 * POST /closedimported closing exactly the imported tickets (a page per request, the rest in a job). Then
 * POST/DELETE /whatsapp/{id}/media-upload.
 */
import type { Connection } from '@switchboard/shared/contracts/connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WAMessage } from '@whiskeysockets/baileys';
import { fieldsOf, startApi, SocketProbe, type ApiClient } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeSocketFactory } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { until } from '../../../../test/until.ts';

let runtime: Runtime;
let company: TestCompany;
const fakes = new FakeSocketFactory();
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Import Co');
});
afterAll(async () => {
  await runtime?.stop();
});

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

const connectedWhatsapp = async (client: ApiClient, name: string, number: string) => {
  const res = await client.post('/whatsapp', { channel: 'whatsapp', name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const created = res.body as Connection;
  const socket = await fakes.next(created.id, { after: 0 });
  socket.open(number);
  await until(
    () => client.get(`/whatsapp/${created.id}`),
    (r) => r.body.status === 'CONNECTED',
  );
  return created;
};

const message = (id: string, jid: string, body: string, at: number, participant?: string): WAMessage => ({
  key: { remoteJid: jid, fromMe: false, id, ...(participant ? { participant } : {}) },
  messageTimestamp: Math.floor(at / 1000),
  pushName: 'Cliente Antigo',
  message: { conversation: body },
});

describe('import of old messages', () => {
  it('refuses an import without a queue, older than 2 years, in the future or with the recent date before the old one (400, field paths)', async () => {
    const conn = await connectedWhatsapp(company.admin, 'Validação', '5511933330001');
    const noQueue = await company.admin.put(`/whatsapp/${conn.id}`, {
      importOldMessages: day(-10),
      importRecentMessages: day(-1),
    });
    expect(noQueue.status).toBe(400);
    expect(fieldsOf(noQueue.body)).toHaveProperty(['body.queueIdImportMessages']);
    const queue = (await company.admin.post('/queue', { name: 'Importadas', color: '#123abc', greetingMessage: 'Oi' })).body as {
      id: number;
    };
    const tooOld = await company.admin.put(`/whatsapp/${conn.id}`, {
      importOldMessages: day(-800),
      importRecentMessages: day(-1),
      queueIdImportMessages: queue.id,
    });
    expect(Object.keys(fieldsOf(tooOld.body))).toEqual(['body.importOldMessages']);
    const future = await company.admin.put(`/whatsapp/${conn.id}`, {
      importOldMessages: day(-5),
      importRecentMessages: day(5),
      queueIdImportMessages: queue.id,
    });
    expect(Object.keys(fieldsOf(future.body))).toEqual(['body.importRecentMessages']);
    const reversed = await company.admin.put(`/whatsapp/${conn.id}`, {
      importOldMessages: day(-5),
      importRecentMessages: day(-9),
      queueIdImportMessages: queue.id,
    });
    expect(Object.keys(fieldsOf(reversed.body))).toEqual(['body.importRecentMessages']);
    const missingRecent = await company.admin.put(`/whatsapp/${conn.id}`, {
      importOldMessages: day(-5),
      queueIdImportMessages: queue.id,
    });
    expect(Object.keys(fieldsOf(missingRecent.body))).toEqual(['body.importRecentMessages']);
    const badDate = await company.admin.put(`/whatsapp/${conn.id}`, { importOldMessages: 'yesterday' });
    expect(badDate.status).toBe(400);
    expect(fieldsOf(badDate.body)).toHaveProperty(['body.importOldMessages']);
    // nothing changed, the session was not touched
    expect((await company.admin.get(`/whatsapp/${conn.id}`)).body).toMatchObject({
      importOldMessages: null,
      statusImportMessages: null,
      status: 'CONNECTED',
    });
  });

  it('pairs a connected session anew, takes the range of the history sync in as imported tickets, reports progress and closes them on request', async () => {
    const queue = (await company.admin.post('/queue', { name: 'Histórico', color: '#345def', greetingMessage: 'Oi' })).body as {
      id: number;
    };
    const conn = await connectedWhatsapp(company.admin, 'Importação', '5511933330002');
    const probe = await SocketProbe.open(runtime.url, `token=${company.admin.token}`);
    const agent = await addAgent(runtime, company);
    const agentProbe = await SocketProbe.open(runtime.url, `token=${agent.client.token}`);

    const on = await company.admin.put(`/whatsapp/${conn.id}`, {
      importOldMessages: day(-10),
      importRecentMessages: day(-2),
      importOldMessagesGroups: false,
      queueIdImportMessages: queue.id,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    // the session is paired anew (WhatsApp sends the history to a new pairing only)
    expect(on.body).toMatchObject({
      status: 'OPENING',
      importOldMessages: day(-10),
      importRecentMessages: day(-2),
      queueIdImportMessages: queue.id,
    });
    expect(Date.now() - Date.parse(on.body.statusImportMessages)).toBeLessThan(35_000);
    const fresh = await fakes.next(conn.id, { after: 1 });
    expect(fresh.resumed).toBe(false);
    // the new pairing asks the phone for its whole history, which the first one did not
    expect(fresh.request.fullHistory).toBe(true);
    expect(fakes.of({ companyId: company.companyId, connectionId: conn.id })[0]!.request.fullHistory).toBe(false);
    fresh.open('5511933330002');
    await until(
      () => company.admin.get(`/whatsapp/${conn.id}`),
      (r) => r.body.status === 'CONNECTED',
    );

    const now = Date.now();
    fresh.ev.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: [
        message('OLD-IN-1', '5511977770001@s.whatsapp.net', 'pedido antigo', now - 5 * DAY),
        message('OLD-IN-2', '5511977770001@s.whatsapp.net', 'ainda aguardo', now - 4 * DAY),
        message('OLD-IN-3', '5511977770002@s.whatsapp.net', 'outra conversa', now - 3 * DAY),
        // before the range: left out
        message('TOO-OLD-1', '5511977770003@s.whatsapp.net', 'muito antiga', now - 40 * DAY),
        // a group's history, not asked for
        message('OLD-GROUP-1', '120363000000000001@g.us', 'grupo antigo', now - 5 * DAY, '5511977770004@s.whatsapp.net'),
        // missed while down (the last 24 h): an ordinary recovered message
        message('RECENT-1', '5511977770005@s.whatsapp.net', 'mensagem de agora', now - 60 * 60_000),
      ],
      isLatest: true,
      progress: 50,
    });
    const progress = await probe.waitFor((f) => f.event === `importMessages-${company.companyId}` && f.data.action === 'update');
    // three messages of the range (the group's is not asked for)
    expect(progress.data.status).toMatchObject({ whatsappId: conn.id, this: 3, all: 3 });
    await until(
      () => company.admin.get(`/whatsapp/${conn.id}`),
      (r) => r.body.statusImportMessages === 'Running',
    );

    fresh.ev.emit('messaging-history.status', { syncType: 0, status: 'complete', explicit: true });
    await probe.waitFor(
      (f) => f.event === `importMessages-${company.companyId}` && f.data.action === 'refresh' && f.data.whatsappId === conn.id,
    );
    expect((await company.admin.get(`/whatsapp/${conn.id}`)).body.statusImportMessages).toBe('renderButtonCloseTickets');
    // progress is for admins
    expect(agentProbe.frames.some((f) => f.event.startsWith('importMessages-'))).toBe(false);
    // imported messages and their tickets are not pushed one by one
    const pushed = probe.frames
      .filter((f) => f.event === `company-${company.companyId}-appMessage`)
      .map((f) => f.data.message?.body);
    expect(pushed).not.toContain('pedido antigo');
    expect(pushed).not.toContain('outra conversa');

    const tickets = (
      await until(
        () => company.admin.get('/tickets?status=pending&showAll=true'),
        (r) =>
          (r.body.tickets as { contact: { number: string } }[]).filter((t) => t.contact.number.startsWith('551197777')).length >=
          3,
      )
    ).body.tickets as { id: number; queueId: number | null; unreadMessages: number; contact: { number: string } }[];
    const ofContact = (n: string) => tickets.filter((t) => t.contact.number === n);
    expect(ofContact('5511977770001')).toHaveLength(1);
    expect(ofContact('5511977770001')[0]).toMatchObject({ queueId: queue.id, unreadMessages: 0 });
    expect(ofContact('5511977770002')[0]).toMatchObject({ queueId: queue.id });
    expect(ofContact('5511977770003')).toHaveLength(0);
    expect(ofContact('5511977770005')).toHaveLength(1);
    expect(ofContact('5511977770005')[0]!.queueId).toBeNull();

    // every imported message is in before the close: a late one would reopen its ticket, as any incoming message does
    await runtime.drainQueues();
    const closed = await company.admin.post(`/closedimported/${conn.id}`);
    expect(closed).toMatchObject({ status: 200, body: { closed: 2, queued: false } });
    const after = (await company.admin.get('/tickets?status=pending&showAll=true')).body.tickets as {
      contact: { number: string };
    }[];
    const numbers = after.map((t) => t.contact.number);
    expect(numbers).not.toContain('5511977770001');
    expect(numbers).not.toContain('5511977770002');
    // the ordinary conversation stays open
    expect(numbers).toContain('5511977770005');
    expect((await company.admin.get(`/whatsapp/${conn.id}`)).body.statusImportMessages).toBeNull();
    // a second close finds nothing left
    expect((await company.admin.post(`/closedimported/${conn.id}`)).body).toMatchObject({ closed: 0, queued: false });
    probe.close();
    agentProbe.close();
  });

  it('closes a first page of imported tickets on request and the rest in a job, then clears the import', async () => {
    const queue = (await company.admin.post('/queue', { name: 'Lote', color: '#567abc', greetingMessage: 'Oi' })).body as {
      id: number;
    };
    const conn = await connectedWhatsapp(company.admin, 'Importação grande', '5511933330003');
    const on = await company.admin.put(`/whatsapp/${conn.id}`, {
      importOldMessages: day(-10),
      importRecentMessages: day(-2),
      queueIdImportMessages: queue.id,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const fresh = await fakes.next(conn.id, { after: 1 });
    fresh.open('5511933330003');
    await until(
      () => company.admin.get(`/whatsapp/${conn.id}`),
      (r) => r.body.status === 'CONNECTED',
    );
    // one more conversation than a request closes (CLOSE_IMPORTED_PAGE, 25)
    const numbers = Array.from({ length: 26 }, (_, i) => `55119666600${String(i).padStart(2, '0')}`);
    const now = Date.now();
    fresh.ev.emit('messaging-history.set', {
      chats: [],
      contacts: [],
      messages: numbers.map((n, i) => message(`BATCH-${i}`, `${n}@s.whatsapp.net`, 'pedido antigo', now - 5 * DAY)),
      isLatest: true,
      progress: 100,
    });
    fresh.ev.emit('messaging-history.status', { syncType: 0, status: 'complete', explicit: true });
    await until(
      () => company.admin.get(`/whatsapp/${conn.id}`),
      (r) => r.body.statusImportMessages === 'renderButtonCloseTickets',
    );
    const openImported = async () =>
      (
        (await company.admin.get('/tickets?status=pending&showAll=true&limit=100')).body.tickets as {
          contact: { number: string };
        }[]
      ).filter((t) => numbers.includes(t.contact.number)).length;
    await runtime.drainQueues();
    expect(await openImported()).toBe(26);

    expect((await company.admin.post(`/closedimported/${conn.id}`)).body).toEqual({ closed: 25, queued: true });
    await runtime.drainQueues();
    expect(await openImported()).toBe(0);
    expect((await company.admin.get(`/whatsapp/${conn.id}`)).body.statusImportMessages).toBeNull();
  });

  it('an agent without the connections permission may not close imported tickets', async () => {
    const agent = await addAgent(runtime, company);
    const conn = (await company.admin.get('/whatsapp')).body[0] as Connection;
    expect((await agent.client.post(`/closedimported/${conn.id}`)).status).toBe(403);
  });
});

describe('greeting media', () => {
  it('uploads an image through the signed address, serves it, shows its name and removes it', async () => {
    const conn = (await company.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Boas-vindas' })).body as Connection;
    const bytes = Buffer.from('\x89PNG greeting picture');
    const target = await company.admin.post(`/whatsapp/${conn.id}/media-upload`, {
      name: 'boas vindas.png',
      mimeType: 'image/png',
      size: bytes.length,
    });
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    expect(target.body.whatsapp).toMatchObject({ id: conn.id, greetingMediaAttachment: 'boas vindas.png' });
    const put = await fetch(target.body.uploadUrl, { method: 'PUT', headers: target.body.headers, body: bytes });
    expect(put.status).toBe(200);
    const shown = (await company.admin.get(`/whatsapp/${conn.id}`)).body as Connection;
    expect(shown.greetingMediaAttachment).toBe('boas vindas.png');
    const file = await fetch(`${runtime.url}${shown.greetingMediaUrl}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    expect(
      ((await company.admin.get('/whatsapp')).body as Connection[]).find((c) => c.id === conn.id)?.greetingMediaUrl,
    ).toBeTruthy();

    const removed = await company.admin.delete(`/whatsapp/${conn.id}/media-upload`);
    expect(removed).toMatchObject({ status: 200, body: { id: conn.id, greetingMediaAttachment: null, greetingMediaUrl: null } });
  });

  it('accepts a video, refuses other types, mismatched names and files over the cap (400)', async () => {
    const conn = ((await company.admin.get('/whatsapp')).body as Connection[])[0]!;
    expect(
      (await company.admin.post(`/whatsapp/${conn.id}/media-upload`, { name: 'oi.mp4', mimeType: 'video/mp4', size: 1000 }))
        .status,
    ).toBe(200);
    const pdf = await company.admin.post(`/whatsapp/${conn.id}/media-upload`, {
      name: 'menu.pdf',
      mimeType: 'application/pdf',
      size: 1000,
    });
    expect(pdf.status).toBe(400);
    expect(fieldsOf(pdf.body)).toHaveProperty(['body.mimeType']);
    const disguised = await company.admin.post(`/whatsapp/${conn.id}/media-upload`, {
      name: 'page.html',
      mimeType: 'image/png',
      size: 1000,
    });
    expect(fieldsOf(disguised.body)).toHaveProperty(['body.name']);
    const huge = await company.admin.post(`/whatsapp/${conn.id}/media-upload`, {
      name: 'big.mp4',
      mimeType: 'video/mp4',
      size: 200 * 1024 * 1024,
    });
    expect(fieldsOf(huge.body)).toHaveProperty(['body.size']);
    expect((await company.admin.get(`/whatsapp/${conn.id}`)).body.greetingMediaAttachment).toBe('oi.mp4');
  });

  it("another company's connection is not found", async () => {
    const other = await signupCompany(runtime, 'Other Import Co');
    // ids are per company: the other company has none this high
    const conn = ((await company.admin.get('/whatsapp')).body as Connection[]).at(-1)!;
    expect(conn.id).toBeGreaterThan(1);
    expect(
      (await other.admin.post(`/whatsapp/${conn.id}/media-upload`, { name: 'a.png', mimeType: 'image/png', size: 10 })).status,
    ).toBe(404);
    expect((await other.admin.delete(`/whatsapp/${conn.id}/media-upload`)).status).toBe(404);
    expect((await other.admin.post(`/closedimported/${conn.id}`)).status).toBe(404);
  });
});
