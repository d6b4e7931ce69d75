/**
 * The Dialogflow client against the fake Google (test/fakes/dialogflow-server.ts): the JWT bearer grant signed
 * with the service account's key, the token kept until it is about to expire, text and Ogg/Opus queries, the end of
 * a conversation, and the refusals a wrong key or a revoked token bring.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDialogflow, testServiceAccount, type FakeDialogflow } from '../../../../../test/fakes/dialogflow-server.ts';
import { resetClock, setClock } from '../../clock.ts';
import { resetConfig } from '../../config.ts';
import { clearDialogflowTokens, detectIntent, DialogflowError } from './dialogflow.ts';

const PROJECT = 'agente-teste';
let google: FakeDialogflow;
let account: ReturnType<typeof testServiceAccount>;
const env = ['TABLE_NAME', 'WS_MANAGEMENT_ENDPOINT', 'PUBLIC_URL', 'DIALOGFLOW_API_URL', 'GOOGLE_OAUTH_TOKEN_URL'] as const;
const saved = Object.fromEntries(env.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  google = await startFakeDialogflow();
  process.env.TABLE_NAME ??= 'unused';
  process.env.WS_MANAGEMENT_ENDPOINT ??= 'http://127.0.0.1:9';
  process.env.PUBLIC_URL ??= 'http://127.0.0.1:9';
  process.env.DIALOGFLOW_API_URL = google.url;
  process.env.GOOGLE_OAUTH_TOKEN_URL = google.tokenUrl;
  resetConfig();
  account = testServiceAccount(PROJECT);
  google.accounts.set(account.email, { publicKey: account.publicKey, project: PROJECT });
  google.intents.set('horário', { texts: ['Abrimos às 9h.', 'Fechamos às 18h.'] });
  google.intents.set('quero pizza', { texts: ['Pedido anotado.'] });
  google.intents.set('adeus', { texts: ['Até mais.'], endConversation: true });
});
afterEach(() => {
  resetClock();
  clearDialogflowTokens();
  google.tokenRequests.length = 0;
});
afterAll(async () => {
  await google?.close();
  for (const k of env) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfig();
});

const ask = (over: Partial<Parameters<typeof detectIntent>[0]> = {}) =>
  detectIntent({
    credentials: account.json,
    projectName: PROJECT,
    language: 'es',
    sessionId: 'sessao-1',
    text: 'horário',
    ...over,
  });

describe('detectIntent', () => {
  it("answers the agent's texts for a text query, with a token from the signed assertion kept for later queries", async () => {
    expect(await ask()).toEqual({ texts: ['Abrimos às 9h.', 'Fechamos às 18h.'], endConversation: false });
    expect(await ask({ text: 'nada disso' })).toEqual({ texts: [], endConversation: false });
    expect(google.tokenRequests).toEqual([{ ok: true }]);
    expect(google.detects.at(-2)).toEqual({ project: PROJECT, session: 'sessao-1', text: 'horário', languageCode: 'es' });
  });

  it('sends a voice note as Ogg/Opus audio', async () => {
    expect(await ask({ text: undefined, audio: Buffer.from('quero pizza') })).toEqual({
      texts: ['Pedido anotado.'],
      endConversation: false,
    });
    expect(google.detects.at(-1)).toMatchObject({
      audio: 'quero pizza',
      audioEncoding: 'AUDIO_ENCODING_OGG_OPUS',
      languageCode: 'es',
    });
  });

  it('tells when the intent ends the conversation', async () => {
    expect(await ask({ text: 'adeus' })).toEqual({ texts: ['Até mais.'], endConversation: true });
  });

  it('asks for a new token when the one it holds is about to expire', async () => {
    let now = Date.now();
    setClock({ now: () => new Date(now) });
    await ask();
    now += 58 * 60_000;
    await ask();
    expect(google.tokenRequests).toHaveLength(1);
    now += 2 * 60_000;
    await ask();
    expect(google.tokenRequests).toEqual([{ ok: true }, { ok: true }]);
  });

  it('is refused when the key does not belong to the account Google knows', async () => {
    const other = testServiceAccount(PROJECT);
    const forged = JSON.stringify({ ...JSON.parse(other.json), client_email: account.email });
    await expect(ask({ credentials: forged })).rejects.toBeInstanceOf(DialogflowError);
    expect(google.tokenRequests).toEqual([{ ok: false, reason: 'invalid signature' }]);
    await expect(ask({ credentials: '{"client_email": "x"}' })).rejects.toThrow(/client_email or private_key/);
  });

  it('is refused on a project the account may not use', async () => {
    await expect(ask({ projectName: 'alheio' })).rejects.toMatchObject({ status: 403 });
  });
});
