/**
 * Dialogflow ES through its v2 REST API. A company's service account (the JSON key Google hands out) signs a JWT
 * (RS256) that Google's token endpoint exchanges for an access token (the OAuth2 JWT bearer grant, RFC 7523); the
 * token is kept until shortly before it expires. detectIntent sends the customer's text, or an Ogg/Opus recording,
 * and answers the agent's reply texts and whether the matched intent ends the conversation.
 */
import { createHash, createSign } from 'node:crypto';
import { z } from 'zod';
import { clock } from '../../clock.ts';
import { config } from '../../config.ts';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** a token is renewed this long before Google says it expires */
const RENEW_MARGIN_MS = 60_000;
const TIMEOUT_MS = 15_000;

export class DialogflowError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DialogflowError';
  }
}

const serviceAccount = z.object({ client_email: z.string().min(1), private_key: z.string().min(1) });
type ServiceAccount = z.infer<typeof serviceAccount>;

const parseCredentials = (json: string): ServiceAccount => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new DialogflowError('The service account is not JSON');
  }
  const parsed = serviceAccount.safeParse(value);
  if (!parsed.success) throw new DialogflowError('The service account lacks client_email or private_key');
  return parsed.data;
};

const base64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

/** The signed assertion of the JWT bearer grant: the account asks for a token of the cloud-platform scope. */
const assertion = (account: ServiceAccount, audience: string, nowMs: number): string => {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: audience, iat, exp: iat + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
};

const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Tokens are cached by account and key: a replaced key gets a token of its own. */
const cacheKey = (account: ServiceAccount, tokenUrl: string): string =>
  createHash('sha256').update(`${tokenUrl}\n${account.client_email}\n${account.private_key}`).digest('hex');

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive().optional() });

const accessToken = async (account: ServiceAccount): Promise<string> => {
  const tokenUrl = config().GOOGLE_OAUTH_TOKEN_URL;
  const key = cacheKey(account, tokenUrl);
  const nowMs = clock().now().getTime();
  const cached = tokens.get(key);
  if (cached && cached.expiresAt - RENEW_MARGIN_MS > nowMs) return cached.token;
  let signed: string;
  try {
    signed = assertion(account, tokenUrl, nowMs);
  } catch {
    throw new DialogflowError('The service account private_key cannot sign');
  }
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signed }).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body: unknown = await res.json().catch(() => undefined);
  const parsed = tokenAnswer.safeParse(body);
  if (!res.ok || !parsed.success) throw new DialogflowError(`Google refused the service account (${res.status})`, res.status);
  tokens.set(key, { token: parsed.data.access_token, expiresAt: nowMs + (parsed.data.expires_in ?? 3600) * 1000 });
  return parsed.data.access_token;
};

/** Forgets every cached token (tests that change the clock or the token endpoint). */
export const clearDialogflowTokens = (): void => tokens.clear();

const queryResult = z
  .object({
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z
      .array(z.object({ text: z.object({ text: z.array(z.string()).optional() }).optional() }).passthrough())
      .optional(),
    intent: z.object({ endInteraction: z.boolean().optional() }).passthrough().optional(),
    diagnosticInfo: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
const detectAnswer = z.object({ queryResult: queryResult.optional() }).passthrough();

export interface DetectIntentInput {
  /** the service account's JSON key */
  credentials: string;
  projectName: string;
  language: string;
  sessionId: string;
  text?: string;
  /** an Ogg/Opus recording (WhatsApp voice notes) */
  audio?: Buffer;
}

export interface DetectIntentResult {
  texts: string[];
  endConversation: boolean;
}

const requestBody = (input: DetectIntentInput) => {
  const languageCode = input.language || 'pt-BR';
  if (input.audio) {
    return {
      queryInput: { audioConfig: { audioEncoding: 'AUDIO_ENCODING_OGG_OPUS', sampleRateHertz: 16000, languageCode } },
      inputAudio: input.audio.toString('base64'),
    };
  }
  return { queryInput: { text: { text: (input.text ?? '').slice(0, 256), languageCode } } };
};

/** The reply texts: each text message's lines, else the fulfillment text. */
const textsOf = (result: z.infer<typeof queryResult>): string[] => {
  const texts = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim().length > 0);
  if (texts.length > 0) return texts;
  return result.fulfillmentText?.trim() ? [result.fulfillmentText] : [];
};

export const detectIntent = async (input: DetectIntentInput): Promise<DetectIntentResult> => {
  if (!input.audio && !input.text?.trim()) return { texts: [], endConversation: false };
  const account = parseCredentials(input.credentials);
  const url = `${config().DIALOGFLOW_API_URL.replace(/\/+$/, '')}/v2/projects/${encodeURIComponent(input.projectName)}/agent/sessions/${encodeURIComponent(input.sessionId)}:detectIntent`;
  const body = JSON.stringify(requestBody(input));
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(account);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // a token revoked or expired early: one more try with a new one
    if (res.status === 401 && attempt === 0) {
      tokens.delete(cacheKey(account, config().GOOGLE_OAUTH_TOKEN_URL));
      continue;
    }
    const answer: unknown = await res.json().catch(() => undefined);
    if (!res.ok) throw new DialogflowError(`Dialogflow answered ${res.status}`, res.status);
    const parsed = detectAnswer.safeParse(answer);
    if (!parsed.success) throw new DialogflowError('Dialogflow answered an unexpected body', res.status);
    const result = parsed.data.queryResult ?? {};
    const ended = result.diagnosticInfo?.end_conversation === true || result.intent?.endInteraction === true;
    return { texts: textsOf(result), endConversation: ended };
  }
};
