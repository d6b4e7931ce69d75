/**
 * Meta's Graph API as the three Graph channels (WhatsApp Cloud API, Messenger, Instagram) call it: one base URL from
 * configuration (META_GRAPH_URL, a local fake in tests), one API version, bearer tokens, and errors sorted by what the
 * caller can do about them: try again later (5xx, network), give up (4xx), or ask for a new token (code 190).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../platform/config.ts';

/** The Graph API version every call names; Meta keeps a version working for about two years. */
export const GRAPH_API_VERSION = 'v21.0';

/** A call should not hold a send or a webhook for long: Meta answers in well under this. */
const TIMEOUT_MS = 15_000;
/** Media Meta serves is capped well below this (WhatsApp video 16 MB, documents 100 MB); beyond, the download stops. */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/** Graph answered with an error. `code` is Meta's error code (190: the token expired or was revoked). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(`Graph ${status}${code !== undefined ? ` (code ${code})` : ''}: ${message}`);
  }

  /** worth another try later: Meta's side failed or throttled */
  get retryable(): boolean {
    return this.status >= 500 || this.status === 429;
  }

  /** the token is no longer valid: only a new one helps */
  get tokenRejected(): boolean {
    return this.code === 190 || this.status === 401;
  }
}

/** Graph could not be reached (network, timeout): worth another try. */
export class GraphUnreachable extends Error {}

export const graphUrl = (path: string, query?: Record<string, string>): string => {
  const base = config().META_GRAPH_URL.replace(/\/+$/, '');
  const url = new URL(`${base}/${GRAPH_API_VERSION}/${path.replace(/^\/+/, '')}`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return url.toString();
};

const fetchOrUnreachable = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new GraphUnreachable(`Graph not reached: ${(error as Error).message}`);
  }
};

const errorOf = async (res: Response): Promise<GraphError> => {
  const text = await res.text().catch(() => '');
  let code: number | undefined;
  let message = text.slice(0, 300) || res.statusText;
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.code === 'number') code = parsed.error.code;
    if (typeof parsed.error?.message === 'string') message = parsed.error.message;
  } catch {
    // not JSON: the text itself is the message
  }
  return new GraphError(res.status, code, message);
};

/** A Graph call with a bearer token; answers the parsed JSON of a 2xx answer and throws GraphError otherwise. */
export const graphCall = async <T = unknown>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { token: string; body?: unknown; query?: Record<string, string> },
): Promise<T> => {
  const res = await fetchOrUnreachable(graphUrl(path, options.query), {
    method,
    headers: {
      authorization: `Bearer ${options.token}`,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!res.ok) throw await errorOf(res);
  return (await res.json().catch(() => ({}))) as T;
};

/** Downloads a file Meta serves (a media URL), with the token when the URL needs one. */
export const graphDownload = async (url: string, token?: string): Promise<{ bytes: Buffer; mimeType: string }> => {
  const res = await fetchOrUnreachable(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw await errorOf(res);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_MEDIA_BYTES) throw new GraphError(413, undefined, 'Media too large');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_MEDIA_BYTES) throw new GraphError(413, undefined, 'Media too large');
  return { bytes, mimeType: (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim() };
};

// ----- webhook signatures -----

/** `sha256=<hex>`: Meta's X-Hub-Signature-256 of exactly these bytes. */
export const webhookSignature = (rawBody: Uint8Array, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** Whether a post's signature header matches its bytes, compared in constant time. */
export const validWebhookSignature = (
  rawBody: Uint8Array,
  header: string | undefined,
  appSecret: string | undefined,
): boolean => {
  if (!header || !appSecret) return false;
  const expected = Buffer.from(webhookSignature(rawBody, appSecret));
  const given = Buffer.from(header.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** Meta's verification call: the challenge to echo when the mode and token are right, nothing otherwise. */
export const verificationChallenge = (
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
  expectedToken: string | undefined,
): string | undefined => {
  const given = query['hub.verify_token'];
  if (query['hub.mode'] !== 'subscribe' || !expectedToken || given === undefined || query['hub.challenge'] === undefined)
    return undefined;
  const a = Buffer.from(given);
  const b = Buffer.from(expectedToken);
  return a.length === b.length && timingSafeEqual(a, b) ? query['hub.challenge'] : undefined;
};
