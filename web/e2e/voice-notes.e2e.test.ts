/**
 * Voice notes in Chromium: the Ogg/Opus made from Chromium's own WebM recording decodes in Chromium to the same
 * length and sound, and an agent's recording in the inbox (a fake microphone playing a tone) is stored and shown as
 * Ogg/Opus, marked as a voice note. On a Messenger ticket the same recording goes as a WAV made in the browser, which
 * Meta takes; that part runs its own product against the fake Graph server, as service-window does.
 * Screenshots under test-results/voice-note-*.png.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOggOpus, oggPackets, readOggPages } from '@switchboard/shared/media/ogg-pages';
import { webmOpusToOgg } from '@switchboard/shared/media/webm-opus-to-ogg';
import type { Runtime } from '../../infra/local/runtime.ts';
import { postWebhook, startFakeGraph, type FakeGraph } from '../../test/fakes/graph-server.ts';
import { api, baseUrl, CHROMIUM, CHROMIUM_ARGS, SHOTS, signInWithForm } from './browser.ts';
import { startOwnRuntime } from './own-runtime.ts';

const RECORDING = new Uint8Array(readFileSync(new URL('../../shared/src/media/fixtures/chromium-voice.webm', import.meta.url)));
const run = Date.now().toString(36);
const OWNER = { name: 'Vera Voz', email: `vera.${run}@example.com`, password: 'voice-password-1' };
const CUSTOMER = { name: 'Caio Ouvinte', email: `caio.${run}@example.com`, phone: '+55 11 97777-6666' };

/** 4 s of a 440 Hz tone, 48 kHz mono 16-bit WAV: what the fake microphone plays, loud enough to fill a recording. */
const toneWav = (): Buffer => {
  const rate = 48_000;
  const samples = rate * 4;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12_000), 44 + i * 2);
  return wav;
};

let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const tone = `${SHOTS}voice-note-tone.wav`;
  writeFileSync(tone, toneWav());
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${tone}`,
    ],
  });
});

afterAll(async () => {
  await browser?.close();
});

/** What Chromium's own decoder makes of a file: its length, its loudness, and what an <audio> element says it lasts. */
const decodeIn = (page: Page, bytes: Uint8Array, type: string) =>
  page.evaluate(
    async ({ data, type }) => {
      const buffer = Uint8Array.from(data).buffer;
      const context = new OfflineAudioContext(1, 48_000, 48_000);
      const decoded = await context.decodeAudioData(buffer.slice(0));
      const samples = decoded.getChannelData(0);
      let sum = 0;
      for (const s of samples) sum += s * s;
      const audio = new Audio(URL.createObjectURL(new Blob([buffer], { type })));
      const element = await new Promise<number>((resolve, reject) => {
        audio.onloadedmetadata = () => resolve(audio.duration);
        audio.onerror = () => reject(new Error(`not playable: ${audio.error?.message}`));
      });
      return { seconds: decoded.duration, rms: Math.sqrt(sum / samples.length), element, canPlay: audio.canPlayType(type) };
    },
    { data: [...bytes], type },
  );

describe('voice notes in Chromium', () => {
  it('decodes the Ogg made from its own WebM recording to the same length and a sound that is not silence', async () => {
    const page = await browser.newPage();
    const ogg = webmOpusToOgg(RECORDING);
    const pages = readOggPages(ogg);
    const preSkip = new DataView(pages[0]!.body.buffer, pages[0]!.body.byteOffset).getUint16(10, true);
    const granuleSeconds = (Number(pages.at(-1)!.granule) - preSkip) / 48_000;
    const fromOgg = await decodeIn(page, ogg, 'audio/ogg; codecs=opus');
    const fromWebm = await decodeIn(page, RECORDING, 'audio/webm; codecs=opus');
    expect(fromOgg.canPlay).toBe('probably');
    expect(Math.abs(fromOgg.seconds - granuleSeconds)).toBeLessThan(0.1);
    expect(Math.abs(fromOgg.seconds - fromWebm.seconds)).toBeLessThan(0.1);
    expect(Math.abs(fromOgg.element - fromOgg.seconds)).toBeLessThan(0.1);
    expect(fromOgg.rms).toBeGreaterThan(0.1);
    expect(Math.abs(fromOgg.rms - fromWebm.rms)).toBeLessThan(0.02);
    await page.close();
  });

  it('stores and shows an agent’s recording from the inbox as an Ogg/Opus voice note', async () => {
    const plans = await api<{ id: number }[]>('GET', '/plans/list');
    await api('POST', '/auth/signup', {
      name: OWNER.name,
      companyName: `Loja Voz ${run}`,
      email: OWNER.email,
      password: OWNER.password,
      phone: '5511999991111',
      planId: plans[0]!.id,
    });
    const session = await api<{ token: string }>('POST', '/auth/login', { email: OWNER.email, password: OWNER.password });
    const connections = await api<{ channel: string; widgetKey: string | null }[]>('GET', '/whatsapp', undefined, session.token);
    const widgetKey = connections.find((c) => c.channel === 'webchat' && c.widgetKey)?.widgetKey ?? '';
    const visitor = await api<{ visitorToken: string }>('POST', `/webchat/${widgetKey}/visitors`, CUSTOMER);
    await api('POST', `/webchat/${widgetKey}/messages`, { body: 'Pode me mandar um áudio?' }, visitor.visitorToken);

    const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // what the browser uploads: the recording already turned into Ogg there
    const uploads: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/upload-url')) uploads.push(request.postDataJSON());
    });
    const token = await signInWithForm(page, OWNER.email, OWNER.password);
    await page.getByTestId('tab-pending').click();
    await page.getByTestId('ticket-row').filter({ hasText: CUSTOMER.name }).click();
    await page.getByTestId('header-accept').click();
    await page.getByTestId('record-button').click();
    // three seconds of the tone, read off the recorder's own clock
    await page.getByRole('status').filter({ hasText: 'Gravando 0:03' }).waitFor();
    await page.getByRole('button', { name: 'Enviar áudio' }).click();

    const open = await api<{ tickets: { id: number; contact: { name: string } }[] }>(
      'GET',
      '/tickets?status=open',
      undefined,
      token,
    );
    const ticketId = open.tickets.find((t) => t.contact.name === CUSTOMER.name)!.id;
    type Listed = { id: string; mediaType: string; mediaName: string | null; mediaUrl: string | null; isVoiceNote?: boolean };
    const audioMessage = async () =>
      (await api<{ messages: Listed[] }>('GET', `/messages/${ticketId}`, undefined, token)).messages.find(
        (m) => m.mediaType === 'audio',
      );
    await expect.poll(audioMessage, { timeout: 15_000 }).toBeDefined();
    const sent = (await audioMessage())!;
    expect(uploads).toEqual([expect.objectContaining({ name: sent.mediaName, mimeType: 'audio/ogg' })]);
    expect(sent.mediaName).toMatch(/^audio-.*\.ogg$/);
    expect(sent.isVoiceNote).toBe(true);
    const file = await fetch(new URL(sent.mediaUrl!, baseUrl()));
    expect(file.headers.get('content-type')).toBe('audio/ogg');
    const ogg = new Uint8Array(await file.arrayBuffer());
    expect(isOggOpus(ogg)).toBe(true);
    expect(oggPackets(readOggPages(ogg)).length).toBeGreaterThan(20);

    // the bubble plays it, as long as it was recorded, and it is the tone, not silence
    const player = page.getByTestId('message').locator('audio');
    await player.waitFor();
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 }).toBeGreaterThan(2.5);
    const heard = await decodeIn(page, ogg, 'audio/ogg; codecs=opus');
    expect(heard.seconds).toBeGreaterThan(2.5);
    expect(heard.seconds).toBeLessThan(6);
    expect(heard.rms).toBeGreaterThan(0.05);
    await page.screenshot({ path: `${SHOTS}voice-note-sent.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('voice recordings on a Messenger ticket', () => {
  const META_APP_SECRET = 'voice-app-secret';
  const PAGE = { id: '5301', name: 'Loja Voz Page', access_token: 'voice-page-token' };
  const SHOPKEEPER = { name: 'Mara Meta', email: `mara.${run}@example.com`, password: 'voice-password-2' };
  let fake: FakeGraph;
  let runtime: Runtime;
  let dataDir: string;

  beforeAll(async () => {
    fake = await startFakeGraph();
    fake.tokens.add('voice-user-token').add(PAGE.access_token);
    fake.pages.set('9301', [PAGE]);
    // read by the product at start, as `npm start` reads them
    Object.assign(process.env, { META_GRAPH_URL: fake.url, META_APP_SECRET });
    ({ runtime, dataDir } = await startOwnRuntime('sb-voice-meta-'));
  }, 180_000);

  afterAll(async () => {
    await runtime?.stop();
    await fake?.close();
    delete process.env.META_GRAPH_URL;
    delete process.env.META_APP_SECRET;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the recording as a 16 kHz WAV Chromium decodes to the length recorded, an audio attachment, not a voice note', async () => {
    const call = <T>(method: string, path: string, body?: unknown, token?: string) =>
      api<T>(method, path, body, token, runtime.url);
    const plans = await call<{ id: number }[]>('GET', '/plans/list');
    await call('POST', '/auth/signup', {
      name: SHOPKEEPER.name,
      companyName: `Loja Meta ${run}`,
      email: SHOPKEEPER.email,
      password: SHOPKEEPER.password,
      phone: '5511999992222',
      planId: plans[0]!.id,
    });
    const session = await call<{ token: string }>('POST', '/auth/login', {
      email: SHOPKEEPER.email,
      password: SHOPKEEPER.password,
    });
    await call(
      'POST',
      '/facebook',
      { facebookUserId: '9301', facebookUserToken: 'voice-user-token', addInstagram: false },
      session.token,
    );
    const now = Date.now();
    const delivery = {
      object: 'page',
      entry: [
        {
          id: PAGE.id,
          time: now,
          messaging: [
            {
              sender: { id: 'PSID_VOZ' },
              recipient: { id: PAGE.id },
              timestamp: now,
              message: { mid: `m_voz_${run}`, text: 'Pode me mandar um áudio?' },
            },
          ],
        },
      ],
    };
    expect((await postWebhook(`${runtime.url}/api/webhooks/meta`, delivery, META_APP_SECRET)).status).toBe(200);
    type Listed = { tickets: { id: number; uuid: string; channel: string; contact: { number: string } }[] };
    const pendingTicket = async () =>
      (await call<Listed>('GET', '/tickets?status=pending&showAll=true', undefined, session.token)).tickets.find(
        (t) => t.contact.number === 'PSID_VOZ',
      );
    await expect.poll(pendingTicket, { timeout: 15_000 }).toBeDefined();
    const ticket = (await pendingTicket())!;
    expect(ticket.channel).toBe('facebook');
    await call('PUT', `/tickets/${ticket.id}`, { status: 'open' }, session.token);

    const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'pt-BR' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const uploads: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/upload-url')) uploads.push(request.postDataJSON());
    });
    // signing in here ends the API session above, as a second browser does
    const token = await signInWithForm(page, SHOPKEEPER.email, SHOPKEEPER.password, runtime.url);
    await page.goto(`${runtime.url}/tickets/${ticket.uuid}`);
    await page.getByTestId('record-button').click();
    await page.getByRole('status').filter({ hasText: 'Gravando 0:03' }).waitFor();
    await page.getByRole('button', { name: 'Enviar áudio' }).click();

    type Message = { id: string; mediaType: string; mediaName: string | null; mediaUrl: string | null; isVoiceNote?: boolean };
    const audioMessage = async () =>
      (await call<{ messages: Message[] }>('GET', `/messages/${ticket.id}`, undefined, token)).messages.find(
        (m) => m.mediaType === 'audio',
      );
    await expect.poll(audioMessage, { timeout: 15_000 }).toBeDefined();
    const sent = (await audioMessage())!;
    expect(uploads).toEqual([expect.objectContaining({ name: sent.mediaName, mimeType: 'audio/wav' })]);
    expect(sent.mediaName).toMatch(/^audio-.*\.wav$/);
    expect(sent.isVoiceNote).toBeUndefined();

    const file = await fetch(new URL(sent.mediaUrl!, runtime.url));
    expect(file.headers.get('content-type')).toBe('audio/wav');
    const wav = new Uint8Array(await file.arrayBuffer());
    const header = new DataView(wav.buffer, wav.byteOffset);
    expect(String.fromCharCode(...wav.subarray(0, 4), ...wav.subarray(8, 12))).toBe('RIFFWAVE');
    expect([
      header.getUint16(20, true),
      header.getUint16(22, true),
      header.getUint32(24, true),
      header.getUint16(34, true),
    ]).toEqual([1, 1, 16_000, 16]);
    const heard = await decodeIn(page, wav, 'audio/wav');
    expect(heard.canPlay).not.toBe('');
    expect(heard.seconds).toBeGreaterThan(2.5);
    expect(heard.seconds).toBeLessThan(6);
    expect(Math.abs(heard.element - heard.seconds)).toBeLessThan(0.1);
    expect(heard.rms).toBeGreaterThan(0.05);

    // what reached Meta: an audio attachment whose link answers the same WAV
    await expect.poll(() => fake.sends().length, { timeout: 15_000 }).toBeGreaterThan(0);
    const graphSend = fake.sends().at(-1)!;
    expect(graphSend.body).toMatchObject({ recipient: { id: 'PSID_VOZ' }, message: { attachment: { type: 'audio' } } });
    expect(new Uint8Array(await (await fetch(graphSend.body.message.attachment.payload.url as string)).arrayBuffer())).toEqual(
      wav,
    );

    await page.getByTestId('message').locator('audio').waitFor();
    await page.screenshot({ path: `${SHOTS}voice-note-messenger-wav.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
