/**
 * WhatsApp profile pictures (server reference 1.2 step 4), end to end through the local gateway and the connector on
 * scripted sockets whose picture links point at a local server: a new contact's picture is stored in our blob store
 * and served from the contact's stable link; a later message does not ask again; "no picture" is asked once and the
 * contact keeps none; a picture that cannot be downloaded neither loses nor holds up the message.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connection } from '@switchboard/shared/contracts/connections';
import type { WAMessage } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../../test/api.ts';
import { until } from '../../../../test/until.ts';
import { connectScriptedWhatsapp, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeBaileysSocket, FakeSocketFactory } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { findByChannelMessageId } from '../messages/message-sends.service.ts';
import { pictureCheckedAtOf } from './contact-pictures.service.ts';

let runtime: Runtime;
let company: TestCompany;
let connection: Connection;
let socket: FakeBaileysSocket;
let pictures: Server;
let picturesUrl: string;
const fakes = new FakeSocketFactory();
/** downloads the picture server holds without answering, answered when the run ends */
const held: ServerResponse[] = [];

/** a small JPEG as WhatsApp's media servers send it (start and end markers around some bytes) */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('picture of the customer'),
  Buffer.from([0xff, 0xd9]),
]);

const jidOf = (number: string) => `${number}@s.whatsapp.net`;
const fromCustomer = (number: string, id: string, text: string): WAMessage => ({
  key: { remoteJid: jidOf(number), fromMe: false, id },
  message: { conversation: text },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Cliente',
});
const profileOf = async (number: string) =>
  (await company.admin.get(`/contacts/profile/${number}`)).body as { contactId?: number; urlPicture?: string | null };
const asked = (number: string) => socket.callsOf('profilePictureUrl').filter(([jid]) => jid === jidOf(number));
const stored = (id: string) => findByChannelMessageId(company.companyId, connection.id, id);

beforeAll(async () => {
  pictures = createServer((req, res) => {
    if (req.url === '/picture.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
    if (req.url === '/held.jpg') return void held.push(res);
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  picturesUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  company = await signupCompany(runtime, 'Fotos WhatsApp');
  ({ connection, socket } = await connectScriptedWhatsapp(company, fakes, '5511900003333', { name: 'Atendimento' }));
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await runtime?.stop();
  await new Promise((resolve) => pictures?.close(resolve));
});

describe('WhatsApp profile pictures', () => {
  it("stores a new contact's picture, serves it from the contact's link and does not ask again on the next message", async () => {
    const number = '5511988880001';
    FakeBaileysSocket.profilePictures.set(jidOf(number), `${picturesUrl}/picture.jpg`);
    socket.receive([fromCustomer(number, 'PIC-1', 'oi, tudo bem?')]);

    const profile = await until(
      () => profileOf(number),
      (p) => Boolean(p.urlPicture),
    );
    expect(profile.urlPicture).toMatch(new RegExp(`^/api/contact-pictures/${company.companyId}/[0-9A-Z]{26}\\.jpeg$`));
    // the full-size picture, asked of the contact's own address
    expect(asked(number)).toEqual([[jidOf(number), 'image']]);
    // an <img> sends no token: the link answers on its own, with our stored copy
    const served = await fetch(`${runtime.url}${profile.urlPicture}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(JPEG);
    // another name under the company, or another company, finds nothing
    const guessed = await fetch(`${runtime.url}/api/contact-pictures/${company.companyId}/01ARZ3NDEKTSV4RRFFQ69G5FAV.jpeg`, {
      redirect: 'manual',
    });
    expect(guessed.status).toBe(404);
    const otherCompany = profile.urlPicture!.replace(
      `/contact-pictures/${company.companyId}/`,
      `/contact-pictures/${company.companyId + 1000}/`,
    );
    expect((await fetch(`${runtime.url}${otherCompany}`, { redirect: 'manual' })).status).toBe(404);
    // the ticket lists keep the contact's picture too
    const ticket = await until(
      () => company.admin.get('/tickets?status=pending&showAll=true'),
      (r) =>
        (r.body.tickets as { contact: { number: string; urlPicture: string | null } }[]).some(
          (t) => t.contact.number === number && t.contact.urlPicture === profile.urlPicture,
        ),
    );
    expect(ticket.status).toBe(200);

    socket.receive([fromCustomer(number, 'PIC-2', 'ainda está aí?')]);
    await until(
      () => stored('PIC-2'),
      (m) => m !== undefined,
    );
    await runtime.drainQueues();
    expect(asked(number)).toHaveLength(1);
    expect((await profileOf(number)).urlPicture).toBe(profile.urlPicture);
  });

  it('asks once for a contact with no picture (or a private one), keeps none and remembers when it asked', async () => {
    const number = '5511988880002';
    socket.receive([fromCustomer(number, 'NOPIC-1', 'bom dia')]);
    await until(
      () => asked(number),
      (calls) => calls.length === 1,
    );
    await until(
      () => pictureCheckedAtOf(company.companyId, number),
      (at) => at !== undefined,
    );
    expect((await profileOf(number)).urlPicture).toBeNull();

    socket.receive([fromCustomer(number, 'NOPIC-2', 'alguém aí?')]);
    await until(
      () => stored('NOPIC-2'),
      (m) => m !== undefined,
    );
    await runtime.drainQueues();
    expect(asked(number)).toHaveLength(1);
    expect((await profileOf(number)).urlPicture).toBeNull();
  });

  it('takes the message in at once when its picture cannot be downloaded, and keeps no picture', async () => {
    const slow = '5511988880003';
    const broken = '5511988880004';
    // a download that never answers (it would hold a message up for the download's whole timeout) and a failing one
    FakeBaileysSocket.profilePictures.set(jidOf(slow), `${picturesUrl}/held.jpg`);
    FakeBaileysSocket.profilePictures.set(jidOf(broken), `${picturesUrl}/broken.jpg`);
    const sent = Date.now();
    socket.receive([fromCustomer(slow, 'SLOW-1', 'preciso de ajuda')]);
    socket.receive([fromCustomer(broken, 'BROKEN-1', 'olá')]);
    await until(
      () => stored('SLOW-1'),
      (m) => m !== undefined,
      5000,
    );
    await until(
      () => stored('BROKEN-1'),
      (m) => m !== undefined,
      5000,
    );
    expect(Date.now() - sent).toBeLessThan(5000);
    await until(
      () => held.length,
      (n) => n > 0,
    );
    await until(
      () => asked(broken),
      (calls) => calls.length === 1,
    );
    await runtime.drainQueues();
    expect((await profileOf(slow)).urlPicture).toBeNull();
    expect((await profileOf(broken)).urlPicture).toBeNull();
    // not answered, so not remembered as asked: a later message asks again
    expect(await pictureCheckedAtOf(company.companyId, broken)).toBeUndefined();
  });
});
