/**
 * OpenAI's HTTP API as the AI prompts use it (server reference 8.4): chat completions and audio transcriptions, at
 * OPENAI_API_URL (tests point it at a fake that speaks the same protocol), with the company's own key. OpenAI's
 * formats stop here: callers give and get plain texts.
 */
import { config } from '../../config.ts';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A refused or failed call: OpenAI's status (0 when it could not be reached or timed out) and its error code. */
export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'OpenAiError';
  }
}

const base = () => config().OPENAI_API_URL.replace(/\/+$/, '');

const call = async (path: string, apiKey: string, init: { body: string | FormData; json?: boolean }): Promise<unknown> => {
  let res: Response;
  try {
    res = await fetch(`${base()}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
      body: init.body,
      signal: AbortSignal.timeout(config().OPENAI_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new OpenAiError(
      0,
      timedOut ? 'timeout' : 'unreachable',
      `OpenAI ${timedOut ? 'timed out' : 'unreachable'}: ${(error as Error).message}`,
    );
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const error = (body as { error?: { code?: string | null; type?: string; message?: string } } | undefined)?.error;
    throw new OpenAiError(
      res.status,
      error?.code ?? error?.type ?? null,
      `OpenAI answered ${res.status}: ${error?.message ?? 'no message'}`,
    );
  }
  return body;
};

/** POST /chat/completions: the first choice's text. */
export const chatCompletion = async (input: {
  apiKey: string;
  model: string;
  messages: ChatTurn[];
  maxTokens: number;
  temperature: number;
}): Promise<string> => {
  const body = (await call('/chat/completions', input.apiKey, {
    json: true,
    body: JSON.stringify({
      model: input.model,
      messages: input.messages,
      max_tokens: input.maxTokens,
      temperature: input.temperature,
    }),
  })) as { choices?: { message?: { content?: string | null } }[] } | undefined;
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new OpenAiError(200, 'no_content', 'OpenAI answered no text');
  return content;
};

/** POST /audio/transcriptions (multipart): the text of a recording. */
export const transcribe = async (input: {
  apiKey: string;
  model: string;
  audio: Buffer;
  name: string;
  mimeType: string;
}): Promise<string> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(input.audio)], { type: input.mimeType }), input.name);
  form.append('model', input.model);
  form.append('response_format', 'json');
  const body = (await call('/audio/transcriptions', input.apiKey, { body: form })) as { text?: string } | undefined;
  if (typeof body?.text !== 'string') throw new OpenAiError(200, 'no_content', 'OpenAI answered no transcription');
  return body.text;
};
