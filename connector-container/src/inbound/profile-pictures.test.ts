import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InboundEvent } from '@switchboard/shared/connector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBaileysSocket } from '../testing/fake-baileys-socket.ts';
import { downloadPicture, isNoPicture, MAX_PICTURE_BYTES, ProfilePictures, REFRESH_MS } from './profile-pictures.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/ok.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
    if (req.url === '/page.html')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    if (req.url === '/fake.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<svg onload=alert(1)>');
    if (req.url === '/huge.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write(JPEG.subarray(0, 4));
      return void res.end(Buffer.alloc(MAX_PICTURE_BYTES + 1));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('downloadPicture', () => {
  it('takes a JPEG and refuses anything else, too large, or not over http(s)', async () => {
    expect(Buffer.from(await downloadPicture(`${base}/ok.jpg`))).toEqual(JPEG);
    await expect(downloadPicture(`${base}/page.html`)).rejects.toThrow(/not image\/jpeg/);
    await expect(downloadPicture(`${base}/fake.jpg`)).rejects.toThrow(/not a JPEG/);
    await expect(downloadPicture(`${base}/huge.jpg`)).rejects.toThrow(/larger than/);
    await expect(downloadPicture(`${base}/gone.jpg`)).rejects.toThrow(/404/);
    await expect(downloadPicture('file:///etc/passwd')).rejects.toThrow(/not http/);
  });
});

describe('isNoPicture', () => {
  it("reads WhatsApp's no-picture and privacy answers as answers, anything else as a failure", () => {
    expect(isNoPicture(Object.assign(new Error('item-not-found'), { output: { statusCode: 404 } }))).toBe(true);
    expect(isNoPicture(Object.assign(new Error('not-authorized'), { output: { statusCode: 401 } }))).toBe(true);
    expect(isNoPicture(Object.assign(new Error('Timed Out'), { output: { statusCode: 408 } }))).toBe(false);
    expect(isNoPicture(new Error('Connection Closed'))).toBe(false);
  });
});

describe('ProfilePictures', () => {
  const request = (socket: FakeBaileysSocket, identity: string, emitted: InboundEvent[]) => ({
    companyId: 1,
    connectionId: 2,
    contact: { identity, isGroup: false },
    socket: socket.asSocket(),
    emit: async (events: InboundEvent[]) => void emitted.push(...events),
  });
  const socketOf = () => new FakeBaileysSocket({ companyId: 1, connectionId: 2, auth: { creds: {} } } as never);

  it('asks for a contact once per refresh period, and not at all when the contact says it was asked recently', async () => {
    let now = Date.parse('2026-01-10T12:00:00Z');
    const checked = new Map<string, string>([['5511900000002', '2026-01-09T12:00:00.000Z']]);
    const pictures = new ProfilePictures(
      { checkedAt: async (_c, identity) => checked.get(identity), store: async () => '/api/contact-pictures/1/x.jpeg' },
      { now: () => now },
    );
    const socket = socketOf();
    const emitted: InboundEvent[] = [];
    await Promise.all([
      pictures.want(request(socket, '5511900000001', emitted)),
      pictures.want(request(socket, '5511900000001', emitted)),
    ]);
    await pictures.want(request(socket, '5511900000002', emitted));
    expect(socket.callsOf('profilePictureUrl')).toEqual([['5511900000001@s.whatsapp.net', 'image']]);
    expect(emitted).toEqual([
      expect.objectContaining({
        kind: 'contact',
        contact: { identity: '5511900000001', isGroup: false, pictureCheckedAt: '2026-01-10T12:00:00.000Z' },
      }),
    ]);

    now += REFRESH_MS + 1;
    await pictures.want(request(socket, '5511900000001', emitted));
    expect(socket.callsOf('profilePictureUrl')).toHaveLength(2);
  });
});
