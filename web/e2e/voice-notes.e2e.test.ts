/**
 * Voice notes in Chromium: the Ogg/Opus made from Chromium's own WebM recording decodes in Chromium to the same
 * length and sound, and an agent's recording in the inbox (a fake microphone playing a tone) is stored and shown as
 * Ogg/Opus, marked as a voice note. Screenshot under test-results/voice-note-*.png.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOggOpus, oggPackets, readOggPages } from '@switchboard/shared/media/ogg-pages';
import { webmOpusToOgg } from '@switchboard/shared/media/webm-opus-to-ogg';
import { CHROMIUM, CHROMIUM_ARGS, SHOTS, api, baseUrl, signInWithForm } from './browser.ts';

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
