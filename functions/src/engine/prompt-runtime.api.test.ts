/**
 * The connection's AI prompt played through the web chat channel: an admin writes a prompt through the prompts API
 * and attaches it to the connection; visitors write through the real widget API; OpenAI and Azure Speech are local
 * fakes that speak their protocols.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@switchboard/shared/contracts/messages';
import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { SECRET_MASK } from '@switchboard/shared/contracts/prompts';
import { startApi } from '../../../test/api.ts';
import { addQueue, botSaid, signupCompany, ticketOf, Visitor, type TestCompany } from '../../../test/inbox.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/openai-server.ts';
import { startFakeAzureTts, type FakeAzureTts } from '../../../test/fakes/azure-tts-server.ts';
import type { Runtime } from '../../../infra/local/runtime.ts';
import { table, tableName } from '../platform/table/client.ts';
import { promptKey } from '../modules/prompts/prompt.entity.ts';
import { answerCustomerMessage } from './conversation-engine.ts';
import { PROMPT_TRANSFER_PHRASE, promptFailureNote } from './prompt-runtime.ts';

const API_KEY = 'sk-test-prompt-key-1234';
const SPEECH_KEY = 'speech-key-abcd';
const PROMPT_TEXT = 'Você é a assistente da Loja Prompt. Responda sobre horários e entregas.';
const GREETING = 'Escolha um setor:';

let runtime: Runtime;
let company: TestCompany;
let openai: FakeOpenAi;
let tts: FakeAzureTts;
let sales: { id: number; name: string };
let promptId: number;
const saved: Record<string, string | undefined> = {};

const promptBody = (over: Record<string, unknown> = {}) => ({
  name: 'Assistente',
  prompt: PROMPT_TEXT,
  apiKey: API_KEY,
  queueId: sales.id,
  maxTokens: 120,
  temperature: 0.5,
  maxMessages: 10,
  ...over,
});

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.keys.add(API_KEY);
  tts = await startFakeAzureTts();
  tts.keys.add(SPEECH_KEY);
  for (const name of ['OPENAI_API_URL', 'AZURE_TTS_URL', 'OPENAI_TIMEOUT_MS']) saved[name] = process.env[name];
  Object.assign(process.env, { OPENAI_API_URL: openai.url, AZURE_TTS_URL: tts.template, OPENAI_TIMEOUT_MS: '1500' });
  runtime = await startApi();
  company = await signupCompany(runtime, 'Loja Prompt');
  const created = await addQueue(company.admin, { name: 'Vendas', color: '#0a7f3f', greetingMessage: 'Vendas aqui.' });
  sales = created.body;
  const prompt = await company.admin.post('/prompt', promptBody());
  expect(prompt.status, JSON.stringify(prompt.body)).toBe(201);
  promptId = prompt.body.id;
  // with two queues the connection would send its queue menu: the prompt answers first
  const conn = await company.admin.put(`/whatsapp/${company.connectionId}`, {
    greetingMessage: GREETING,
    queueIds: [company.queueId, sales.id],
    promptId,
  });
  expect(conn.status, JSON.stringify(conn.body)).toBe(200);
  expect(conn.body.promptId).toBe(promptId);
});
afterAll(async () => {
  await runtime?.stop();
  await openai?.close();
  await tts?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
afterEach(async () => {
  openai.mode = 'ok';
  openai.replies = [];
  const reset = await company.admin.put(`/prompt/${promptId}`, promptBody({ apiKey: `${SECRET_MASK}1234` }));
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
});

const visitor = (name: string) => new Visitor(runtime, company.webchatToken).start(name);

const messagesOf = async (t: Ticket): Promise<Message[]> => (await company.admin.get(`/messages/${t.id}`)).body.messages;

describe('AI prompt runtime', () => {
  it('answers the customer on the ticket with the reply OpenAI gives to the prompt, the first name and the new text', async () => {
    openai.replies = ['Olá Ana! Abrimos às 9h.'];
    const v = await visitor('Ana Maria <script>');
    await v.say('Que horas vocês abrem?');
    expect(await botSaid(v)).toEqual(['Olá Ana! Abrimos às 9h.']);
    const call = openai.chats.at(-1)!;
    expect(call.token).toBe(API_KEY);
    expect(call.model).toBe('gpt-4o-mini');
    expect(call).toMatchObject({ maxTokens: 120, temperature: 0.5 });
    expect(call.messages[0]!.role).toBe('system');
    expect(call.messages[0]!.content).toContain('Ana');
    expect(call.messages[0]!.content).not.toContain('<script>');
    expect(call.messages[0]!.content).toContain('120 tokens');
    expect(call.messages[0]!.content).toContain(PROMPT_TRANSFER_PHRASE);
    expect(call.messages.slice(1)).toEqual([
      { role: 'system', content: PROMPT_TEXT },
      { role: 'user', content: 'Que horas vocês abrem?' },
    ]);
    // the ticket stays the prompt's: no queue, no agent, no queue menu
    expect(await ticketOf(company, 'Ana Maria <script>')).toMatchObject({ status: 'pending', queueId: null, userId: null });
  });

  it('gives OpenAI the first maxMessages text messages of the ticket in the order written, ours as assistant', async () => {
    expect(
      (await company.admin.put(`/prompt/${promptId}`, promptBody({ apiKey: `${SECRET_MASK}1234`, maxMessages: 3 }))).status,
    ).toBe(200);
    openai.replies = ['r1', 'r2', 'r3', 'r4'];
    const v = await visitor('Bruno Contexto');
    for (const text of ['m1', 'm2', 'm3', 'm4']) await v.say(text);
    expect(await botSaid(v)).toEqual(['r1', 'r2', 'r3', 'r4']);
    const history = (n: number) => openai.chats.at(n)!.messages.slice(2);
    expect(history(-2)).toEqual([
      { role: 'user', content: 'm1' },
      { role: 'assistant', content: 'r1' },
      { role: 'user', content: 'm2' },
      { role: 'user', content: 'm3' },
    ]);
    // the oldest three, not the latest: the fourth message sees the same beginning of the conversation
    expect(history(-1)).toEqual([
      { role: 'user', content: 'm1' },
      { role: 'assistant', content: 'r1' },
      { role: 'user', content: 'm2' },
      { role: 'user', content: 'm4' },
    ]);
  });

  it("hands the ticket to the prompt's queue when the reply carries the transfer phrase, the phrase stripped", async () => {
    openai.replies = [`${PROMPT_TRANSFER_PHRASE}. Vou chamar um atendente para você.`];
    const v = await visitor('Carla Humano');
    await v.say('Quero falar com uma pessoa');
    expect(await botSaid(v)).toEqual(['Vou chamar um atendente para você.']);
    expect(await ticketOf(company, 'Carla Humano')).toMatchObject({ status: 'pending', queueId: sales.id, userId: null });
    // the queue has the conversation now: OpenAI is not asked again
    const calls = openai.chats.length;
    await v.say('Alô?');
    expect(openai.chats).toHaveLength(calls);
  });

  it('sends the reply as a voice note spoken by Azure Speech when the prompt has a voice', async () => {
    const voiced = await company.admin.put(
      `/prompt/${promptId}`,
      promptBody({
        apiKey: `${SECRET_MASK}1234`,
        voice: 'pt-BR-FranciscaNeural',
        voiceKey: SPEECH_KEY,
        voiceRegion: 'brazilsouth',
      }),
    );
    expect(voiced.status, JSON.stringify(voiced.body)).toBe(200);
    expect(voiced.body.voiceKey).toBe(`${SECRET_MASK}abcd`);
    openai.replies = ['Claro, entregamos amanhã.'];
    const v = await visitor('Davi Voz');
    await v.say('Quando chega?');
    expect(tts.calls.at(-1)).toEqual({
      region: 'brazilsouth',
      key: SPEECH_KEY,
      format: 'audio-16khz-128kbitrate-mono-mp3',
      voice: 'pt-BR-FranciscaNeural',
      text: 'Claro, entregamos amanhã.',
    });
    const note = (await messagesOf(await ticketOf(company, 'Davi Voz'))).find((m) => m.fromMe)!;
    expect(note).toMatchObject({ mediaType: 'audio', body: 'resposta.mp3' });
    expect(note.mediaUrl).toBeTruthy();
    const audio = await fetch(new URL(note.mediaUrl!, runtime.url));
    expect(
      Buffer.from(await audio.arrayBuffer())
        .subarray(0, 3)
        .toString(),
    ).toBe('ID3');
  });

  it("transcribes a customer's audio and answers what it says", async () => {
    openai.replies = ['Primeira resposta', 'Entendi seu áudio.'];
    openai.transcription = 'Quero saber o preço da entrega';
    const v = await visitor('Eva Audio');
    await v.say('Oi');
    // the recording arrives as the widget sends it: uploaded, then the message naming it on the inbound queue
    await v.sendFile('voz.ogg', 'audio/ogg', Buffer.from('OggS fake opus'));
    expect(openai.transcriptions.at(-1)).toMatchObject({ token: API_KEY, model: 'whisper-1', fileName: 'voz.ogg', bytes: 14 });
    expect(openai.chats.at(-1)!.messages.at(-1)).toEqual({ role: 'user', content: 'Quero saber o preço da entrega' });
    expect((await botSaid(v)).at(-1)).toBe('Entendi seu áudio.');
  });

  it('leaves the conversation to the queues, with a note for the agents, when OpenAI refuses (429)', async () => {
    openai.mode = 'rate-limited';
    const v = await visitor('Fabio Limite');
    await v.say('Oi');
    expect(await botSaid(v)).toEqual([expect.stringContaining(GREETING)]);
    const messages = await messagesOf(await ticketOf(company, 'Fabio Limite'));
    expect(messages.find((m) => m.isPrivate)?.body).toBe(promptFailureNote('limite da OpenAI atingido'));
  });

  it('leaves the conversation to the queues when OpenAI does not answer in time', async () => {
    openai.mode = 'hang';
    const v = await visitor('Gil Demora');
    await v.say('Oi');
    expect(await botSaid(v)).toEqual([expect.stringContaining(GREETING)]);
    expect((await messagesOf(await ticketOf(company, 'Gil Demora'))).find((m) => m.isPrivate)?.body).toBe(
      promptFailureNote('tempo esgotado'),
    );
  });

  it('never answers a redelivered message twice', async () => {
    openai.replies = ['Uma resposta só.'];
    const v = await visitor('Hugo Repete');
    await v.say('Oi', 'client-msg-1');
    await v.say('Oi', 'client-msg-1');
    const t = await ticketOf(company, 'Hugo Repete');
    const stored = (await messagesOf(t)).find((m) => !m.fromMe)!;
    const calls = openai.chats.length;
    await answerCustomerMessage({
      name: 'message.received',
      companyId: company.companyId,
      message: stored,
      ticket: t,
      contact: null,
    });
    await runtime.drainQueues();
    expect(openai.chats).toHaveLength(calls);
    expect(await botSaid(v)).toEqual(['Uma resposta só.']);
  });

  it('keeps the keys sealed in the table and masked in answers; a masked key sent back keeps the stored one', async () => {
    const item = (
      await table().send(
        new GetCommand({ TableName: tableName(), Key: promptKey(company.companyId, promptId), ConsistentRead: true }),
      )
    ).Item!;
    expect(JSON.stringify(item)).not.toContain(API_KEY);
    expect(item.apiKeySealed).toMatch(/^v1\./);
    const shown = await company.admin.get(`/prompt/${promptId}`);
    expect(shown.body.apiKey).toBe(`${SECRET_MASK}1234`);
    expect(JSON.stringify((await company.admin.get('/prompt')).body)).not.toContain(API_KEY);
    // afterEach sent the masked key back: OpenAI still gets the real one
    openai.replies = ['Ainda funciona.'];
    const v = await visitor('Iris Chave');
    await v.say('Oi');
    expect(openai.chats.at(-1)!.token).toBe(API_KEY);
    expect(await botSaid(v)).toEqual(['Ainda funciona.']);
  });

  it('answers first on a connection with a single queue (where tickets start in it), and hands over to that queue once', async () => {
    const single = await company.admin.put(`/whatsapp/${company.connectionId}`, { queueIds: [sales.id] });
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    try {
      openai.replies = ['Temos entrega hoje.', `${PROMPT_TRANSFER_PHRASE}. Um atendente já fala com você.`];
      const v = await visitor('Olga Única');
      await v.say('Vocês entregam hoje?');
      expect(await botSaid(v)).toEqual(['Temos entrega hoje.']);
      await v.say('Quero falar com alguém');
      expect((await botSaid(v)).slice(1)).toEqual(['Um atendente já fala com você.']);
      const asked = openai.chats.length;
      // in the queue now: the prompt is done, the queue's bot and the agents take it from here
      await v.say('Alô?');
      expect(openai.chats.length).toBe(asked);
      expect(await ticketOf(company, 'Olga Única')).toMatchObject({ status: 'pending', queueId: sales.id, userId: null });
    } finally {
      const back = await company.admin.put(`/whatsapp/${company.connectionId}`, { queueIds: [company.queueId, sales.id] });
      expect(back.status).toBe(200);
    }
  });
});
