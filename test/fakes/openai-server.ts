/**
 * A local fake of OpenAI's HTTP API for the AI prompts' tests: it speaks the contract the client relies on (bearer
 * keys checked, request shapes checked, OpenAI's error format, chat completion and transcription answers), answers
 * with scripted replies and records every call. Modes make it refuse every call (401, 429) or never answer (a
 * timeout on the caller's side).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCall {
  token: string | undefined;
  model: string;
  messages: { role: string; content: string }[];
  maxTokens: number | undefined;
  temperature: number | undefined;
}

export interface TranscriptionCall {
  token: string | undefined;
  model: string;
  fileName: string;
  mimeType: string;
  bytes: number;
}

export interface FakeOpenAi {
  url: string;
  /** keys OpenAI accepts */
  keys: Set<string>;
  /** 'ok' answers; 'rate-limited' answers 429 and 'unauthorized' 401 to everything; 'hang' never answers */
  mode: 'ok' | 'rate-limited' | 'unauthorized' | 'hang';
  /** the next chat replies, in order; when none is left, `reply` answers */
  replies: string[];
  reply: (call: ChatCall) => string;
  /** what every recording says */
  transcription: string;
  chats: ChatCall[];
  transcriptions: TranscriptionCall[];
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const openAiError = (status: number, message: string, type: string, code: string | null) => ({
  status,
  body: { error: { message, type, param: null, code } },
});

export const startFakeOpenAi = async (): Promise<FakeOpenAi> => {
  const hanging = new Set<ServerResponse>();
  const state: Omit<FakeOpenAi, 'url' | 'close'> = {
    keys: new Set(),
    mode: 'ok',
    replies: [],
    reply: (call) => `Resposta ${call.messages.length}`,
    transcription: 'Transcrição do áudio',
    chats: [],
    transcriptions: [],
  };

  const answer = async (req: IncomingMessage): Promise<{ status: number; body: unknown } | 'hang'> => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const path = (req.url ?? '').split('?')[0];
    const raw = await readBody(req);
    if (req.method !== 'POST') return openAiError(404, 'Not found', 'invalid_request_error', null);
    if (state.mode === 'hang') return 'hang';
    if (state.mode === 'rate-limited')
      return openAiError(429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded');
    if (state.mode === 'unauthorized' || !token || !state.keys.has(token)) {
      return openAiError(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key');
    }
    if (path === '/v1/chat/completions') {
      if (!String(req.headers['content-type']).startsWith('application/json'))
        return openAiError(400, 'Expected JSON', 'invalid_request_error', null);
      const body = JSON.parse(raw.toString('utf8')) as {
        model?: unknown;
        messages?: unknown;
        max_tokens?: number;
        temperature?: number;
      };
      const messages = body.messages as ChatCall['messages'];
      const wellFormed =
        typeof body.model === 'string' &&
        Array.isArray(messages) &&
        messages.length > 0 &&
        messages.every((m) => ['system', 'user', 'assistant'].includes(m.role) && typeof m.content === 'string');
      if (!wellFormed) return openAiError(400, "Invalid 'messages'", 'invalid_request_error', 'invalid_value');
      const call: ChatCall = {
        token,
        model: body.model as string,
        messages,
        maxTokens: body.max_tokens,
        temperature: body.temperature,
      };
      state.chats.push(call);
      const content = state.replies.shift() ?? state.reply(call);
      return {
        status: 200,
        body: {
          id: `chatcmpl-${state.chats.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: call.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        },
      };
    }
    if (path === '/v1/audio/transcriptions') {
      const contentType = String(req.headers['content-type'] ?? '');
      if (!contentType.startsWith('multipart/form-data'))
        return openAiError(400, 'Expected multipart', 'invalid_request_error', null);
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw,
      }).formData();
      const file = form.get('file');
      const model = form.get('model');
      if (!(file instanceof Blob) || typeof model !== 'string')
        return openAiError(400, "'file' and 'model' are required", 'invalid_request_error', null);
      state.transcriptions.push({ token, model, fileName: (file as File).name, mimeType: file.type, bytes: file.size });
      return { status: 200, body: { text: state.transcription } };
    }
    return openAiError(404, `Unknown path ${path}`, 'invalid_request_error', null);
  };

  const server: Server = createServer((req, res) => {
    answer(req)
      .then((result) => {
        if (result === 'hang') {
          hanging.add(res);
          return;
        }
        res.writeHead(result.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result.body));
      })
      .catch((error: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: error.message, type: 'server_error', code: null } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
};
