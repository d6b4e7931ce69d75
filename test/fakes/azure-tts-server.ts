/**
 * A local fake of Azure Speech's text-to-speech REST API: `POST /<region>/cognitiveservices/v1` with an SSML body,
 * the resource key in Ocp-Apim-Subscription-Key and the output format in X-Microsoft-OutputFormat; it answers MP3
 * bytes and records each call (region, voice and text read from the SSML). The endpoint template to configure is
 * `<url>/{region}`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpeechCall {
  region: string;
  key: string | undefined;
  format: string | undefined;
  voice: string | null;
  text: string | null;
}

export interface FakeAzureTts {
  /** the AZURE_TTS_URL template */
  template: string;
  keys: Set<string>;
  calls: SpeechCall[];
  close(): Promise<void>;
}

/** A tiny MP3: an ID3 header and one MPEG frame header (what players sniff). */
export const FAKE_MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([3, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(64),
]);

const unescape = (s: string) =>
  s.replace(
    /&lt;|&gt;|&amp;|&apos;|&quot;/g,
    (e) => ({ '&lt;': '<', '&gt;': '>', '&amp;': '&', '&apos;': "'", '&quot;': '"' })[e]!,
  );

export const startFakeAzureTts = async (): Promise<FakeAzureTts> => {
  const state = { keys: new Set<string>(), calls: [] as SpeechCall[] };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const ssml = Buffer.concat(chunks).toString('utf8');
    const match = /^\/([a-z0-9]+)\/cognitiveservices\/v1$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    const key = req.headers['ocp-apim-subscription-key'] as string | undefined;
    const format = req.headers['x-microsoft-outputformat'] as string | undefined;
    const voice = /<voice[^>]*name="([^"]+)"/.exec(ssml)?.[1] ?? null;
    const text = /<voice[^>]*>([\s\S]*)<\/voice>/.exec(ssml)?.[1];
    state.calls.push({ region: match[1]!, key, format, voice, text: text === undefined ? null : unescape(text) });
    if (!key || !state.keys.has(key)) {
      res.writeHead(401).end();
      return;
    }
    if (!String(req.headers['content-type']).startsWith('application/ssml+xml') || !voice || !format) {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    res.end(FAKE_MP3);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    template: `http://127.0.0.1:${port}/{region}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
};
