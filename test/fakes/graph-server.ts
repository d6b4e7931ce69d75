/**
 * A local fake of Meta's Graph API for the Graph channels' tests: it speaks the contract the drivers rely on (bearer
 * tokens checked, payload shapes checked, Meta's error format, ids in answers), serves media and lists pages and
 * templates, and records every call. Plus the signing of webhook posts, as Meta signs them.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_GRAPH_VERSION = 'v21.0';

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | undefined;
  body: any;
  /** the status and JSON Meta's fake answered */
  status?: number;
  answer?: any;
}

export interface FakePage {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string };
}

export interface FakeTemplate {
  name: string;
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED: only an approved one can be sent */
  status: string;
  category: string;
  /** HEADER (format TEXT with at most one `{{1}}`, or a media format), BODY with `{{n}}` placeholders, FOOTER, BUTTONS */
  components: { type: string; format?: string; text?: string }[];
}

export interface FakeGraphState {
  /** tokens Meta accepts (system user, user and page tokens alike) */
  tokens: Set<string>;
  /** tokens that have expired: Meta answers 401 with code 190 */
  expiredTokens: Set<string>;
  /** a user's pages, by user id */
  pages: Map<string, FakePage[]>;
  /** a business account's templates, by WABA id */
  templates: Map<string, FakeTemplate[]>;
  /**
   * The business account of each Cloud API number (phone number id -> WABA id); a number not listed here is unknown
   * to Meta (reading it answers error 100). A template send from a number listed
   * here is checked as Meta checks it: the template must exist in that language, be approved, and get exactly one
   * non-empty text parameter per placeholder of its header and body.
   */
  phoneNumbers: Map<string, string>;
  /** media by id (Cloud API) or by CDN file name (Messenger attachments) */
  media: Map<string, { bytes: Buffer; mimeType: string }>;
  /** answers forced on the next send calls, in order (`status` with Meta's error body) */
  sendFailures: { status: number; code?: number; message?: string }[];
  /**
   * People's profiles by page- or Instagram-scoped id (`first_name`, `last_name`, `name`, `username`, `profile_pic`),
   * answered to `GET /{id}?fields=...` with the page token named by `pageToken`; the fields asked for only.
   */
  profiles: Map<string, { pageToken: string; fields: Record<string, string> }>;
  /**
   * Called with each accepted send before it is answered (its answer is ready): a test posts the echo or status
   * webhook from here to make it arrive before the send settles.
   */
  beforeSendAnswer?: (call: RecordedCall, answer: any) => Promise<void | { status: number; body: unknown }>;
}

export interface FakeGraph extends FakeGraphState {
  url: string;
  calls: RecordedCall[];
  sends(): RecordedCall[];
  close(): Promise<void>;
}

const graphError = (status: number, code: number, message: string) => ({
  status,
  body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'fake' } },
});

const readJson = async (req: IncomingMessage): Promise<any> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { __malformed: text };
  }
};

const isDigits = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v);

const titleWithin = (t: unknown, max: number) => typeof t === 'string' && t.length > 0 && t.length <= max;

/** An interactive message (reply buttons or a list) as Meta checks it; the reason it is refused, or nothing. */
const interactiveProblem = (i: any): string | undefined => {
  if (!titleWithin(i?.body?.text, 1024)) return 'interactive.body.text required, at most 1024 characters';
  if (i.type === 'button') {
    const buttons = i.action?.buttons;
    if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3) return 'interactive.action.buttons: 1 to 3';
    for (const b of buttons) {
      if (b?.type !== 'reply' || !titleWithin(b.reply?.id, 256) || !titleWithin(b.reply?.title, 20))
        return 'button reply needs an id and a title of at most 20 characters';
    }
    if (new Set(buttons.map((b: any) => b.reply.title)).size !== buttons.length) return 'button titles must be unique';
    return undefined;
  }
  if (i.type === 'list') {
    if (!titleWithin(i.action?.button, 20)) return 'interactive.action.button required, at most 20 characters';
    const sections = i.action?.sections;
    if (!Array.isArray(sections) || sections.length < 1) return 'interactive.action.sections required';
    const rows = sections.flatMap((sec: any) => (Array.isArray(sec?.rows) ? sec.rows : []));
    if (rows.length < 1 || rows.length > 10) return 'list rows: 1 to 10 in all';
    for (const r of rows)
      if (!titleWithin(r?.id, 200) || !titleWithin(r?.title, 24))
        return 'list row needs an id and a title of at most 24 characters';
    if (new Set(rows.map((r: any) => r.id)).size !== rows.length) return 'row ids must be unique';
    return undefined;
  }
  return `unsupported interactive type ${i?.type}`;
};

const placeholders = (text: string | undefined): number =>
  Math.max(0, ...[...(text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])));

/** A template message's `template` object as Meta reads it, with no knowledge of the account's templates. */
const templateShapeProblem = (t: any): string | undefined => {
  if (typeof t?.name !== 'string' || !t.name) return 'template.name required';
  if (typeof t.language?.code !== 'string' || !t.language.code) return 'template.language.code required';
  if (t.components === undefined) return undefined;
  if (!Array.isArray(t.components)) return 'template.components must be an array';
  for (const c of t.components) {
    if (!['header', 'body', 'button'].includes(c?.type)) return `unknown component type ${c?.type}`;
    if (!Array.isArray(c.parameters)) return `${c.type}.parameters must be an array`;
    for (const p of c.parameters) {
      if (p?.type !== 'text') return `unsupported parameter type ${p?.type}`;
      if (typeof p.text !== 'string' || !p.text.trim()) return 'a text parameter needs a non-empty text';
    }
  }
  if (new Set(t.components.map((c: any) => c.type)).size !== t.components.length) return 'one component of each type';
  return undefined;
};

/** A template send checked against the business account's templates: Meta's error code and message, or nothing. */
const templateProblem = (t: any, templates: FakeTemplate[]): { code: number; message: string } | undefined => {
  const found = templates.find((x) => x.name === t.name && x.language === t.language.code);
  if (!found)
    return { code: 132001, message: `(#132001) Template name does not exist in the translation: ${t.name} (${t.language.code})` };
  if (found.status === 'PAUSED') return { code: 132015, message: `(#132015) Template is paused: ${t.name}` };
  if (found.status === 'DISABLED') return { code: 132016, message: `(#132016) Template is disabled: ${t.name}` };
  if (found.status !== 'APPROVED')
    return { code: 132001, message: `(#132001) Template name does not exist in the translation: ${t.name} is ${found.status}` };
  const expected = (kind: string) => {
    const c = found.components.find((x) => x.type.toUpperCase() === kind);
    return c && (kind !== 'HEADER' || (c.format ?? 'TEXT').toUpperCase() === 'TEXT') ? placeholders(c.text) : 0;
  };
  const given = (kind: string) => (t.components ?? []).find((c: any) => c.type === kind)?.parameters?.length ?? 0;
  if (given('header') !== expected('HEADER') || given('body') !== expected('BODY')) {
    return { code: 132000, message: '(#132000) Number of parameters does not match the expected number of params' };
  }
  return undefined;
};

/** What a Cloud API send must look like; the reason it is not, or nothing. */
const cloudSendProblem = (b: any): string | undefined => {
  if (b?.messaging_product !== 'whatsapp') return 'messaging_product must be whatsapp';
  if (!isDigits(b.to)) return 'to must be a wa_id (digits)';
  if (b.context !== undefined && typeof b.context?.message_id !== 'string') return 'context.message_id required';
  if (b.type === 'audio' && b.audio?.voice !== undefined && typeof b.audio.voice !== 'boolean')
    return 'audio.voice must be a boolean';
  switch (b.type) {
    case 'text':
      return typeof b.text?.body === 'string' && b.text.body.length > 0 ? undefined : 'text.body required';
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
      return typeof b[b.type]?.link === 'string' && /^https?:\/\//.test(b[b.type].link)
        ? undefined
        : `${b.type}.link must be an absolute URL`;
    case 'template':
      return templateShapeProblem(b.template);
    case 'interactive':
      return interactiveProblem(b.interactive);
    default:
      return `unsupported type ${b.type}`;
  }
};

const messengerSendProblem = (b: any): string | undefined => {
  if (typeof b?.recipient?.id !== 'string') return 'recipient.id required';
  if (b.messaging_type !== 'RESPONSE') return 'messaging_type must be RESPONSE';
  const m = b.message;
  if (m?.quick_replies !== undefined) {
    const replies = m.quick_replies;
    if (!Array.isArray(replies) || replies.length < 1 || replies.length > 13) return 'quick_replies: 1 to 13';
    for (const r of replies) {
      if (r?.content_type !== 'text' || !titleWithin(r.title, 20) || !titleWithin(r.payload, 1000))
        return 'a text quick reply needs a title of at most 20 characters and a payload';
    }
  }
  if (typeof m?.text === 'string' && m.text.length > 0) return undefined;
  if (typeof m?.attachment?.type === 'string' && typeof m.attachment.payload?.url === 'string') return undefined;
  return 'message.text or message.attachment required';
};

export const startFakeGraph = async (): Promise<FakeGraph> => {
  const state: FakeGraphState = {
    tokens: new Set(),
    expiredTokens: new Set(),
    pages: new Map(),
    templates: new Map(),
    phoneNumbers: new Map(),
    media: new Map(),
    sendFailures: [],
    profiles: new Map(),
  };
  const calls: RecordedCall[] = [];
  let serial = 0;
  let base = '';

  type Answer = { status: number; body: unknown; raw?: { bytes: Buffer; mimeType: string } };
  const answer = async (req: IncomingMessage): Promise<Answer> => {
    const call: RecordedCall = { method: req.method ?? 'GET', path: '', query: {}, token: undefined, body: undefined };
    const out = await route(req, call);
    call.status = out.status;
    call.answer = out.body;
    return out;
  };

  const route = async (req: IncomingMessage, call: RecordedCall): Promise<Answer> => {
    const url = new URL(req.url ?? '/', base);
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : (url.searchParams.get('access_token') ?? undefined);
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    Object.assign(call, { path: url.pathname, query: Object.fromEntries(url.searchParams), token, body });
    calls.push(call);

    // Meta's CDN: attachment files need no token
    const cdn = /^\/cdn\/(.+)$/.exec(url.pathname);
    if (cdn) {
      const file = state.media.get(decodeURIComponent(cdn[1]!));
      return file
        ? { status: 200, body: undefined, raw: file }
        : { status: 404, body: { error: { message: 'gone', code: 100 } } };
    }
    if (!token) return graphError(401, 190, 'An access token is required');
    if (state.expiredTokens.has(token)) return graphError(401, 190, 'Error validating access token: Session has expired');
    if (!state.tokens.has(token)) return graphError(401, 190, 'Invalid OAuth access token');

    // the media file behind a short-lived media URL (bearer needed, as Meta's is)
    const file = /^\/media-files\/(.+)$/.exec(url.pathname);
    if (file) {
      const found = state.media.get(decodeURIComponent(file[1]!));
      return found ? { status: 200, body: undefined, raw: found } : graphError(404, 100, 'Unknown media');
    }

    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== FAKE_GRAPH_VERSION) return graphError(400, 2635, `Unknown API version ${parts[0]}`);
    const [, first, second] = parts;

    if (req.method === 'POST' && second === 'messages') {
      const forced = state.sendFailures.shift();
      if (forced) return graphError(forced.status, forced.code ?? 1, forced.message ?? 'Forced failure');
      const sent = async (answerBody: unknown): Promise<Answer> => {
        const replaced = await state.beforeSendAnswer?.(call, answerBody);
        return replaced ? { status: replaced.status, body: replaced.body } : { status: 200, body: answerBody };
      };
      if (first === 'me') {
        const problem = messengerSendProblem(body);
        if (problem) return graphError(400, 100, `(#100) ${problem}`);
        return sent({ recipient_id: body.recipient.id, message_id: `m_fake${++serial}` });
      }
      const problem = cloudSendProblem(body);
      if (problem) return graphError(400, 100, `(#100) ${problem}`);
      const waba = state.phoneNumbers.get(first!);
      if (body.type === 'template' && waba !== undefined) {
        const refused = templateProblem(body.template, state.templates.get(waba) ?? []);
        if (refused) return graphError(400, refused.code, refused.message);
      }
      return sent({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.FAKE${++serial}` }],
      });
    }
    // a page token reads its own page as `me`; any other token reads a user of the app
    if (req.method === 'GET' && first === 'me' && !second) {
      const page = [...state.pages.values()].flat().find((p) => p.access_token === token);
      return { status: 200, body: page ? { id: page.id, name: page.name } : { id: `user-${token.length}`, name: 'Fake user' } };
    }
    // a Cloud API number listed in phoneNumbers, read with any accepted token
    if (req.method === 'GET' && first && !second && state.phoneNumbers.has(first)) {
      return {
        status: 200,
        body: { id: first, display_phone_number: '', verified_name: 'Fake number', quality_rating: 'GREEN' },
      };
    }
    if (req.method === 'GET' && first && !second && url.searchParams.has('fields') && !state.media.has(first)) {
      const person = state.profiles.get(first);
      // Meta answers an unknown or foreign id, or the wrong page's token, with the same error
      if (!person || person.pageToken !== token)
        return graphError(400, 100, `Unsupported get request. Object with ID '${first}' does not exist`);
      const asked = url.searchParams.get('fields')!.split(',');
      return {
        status: 200,
        body: { id: first, ...Object.fromEntries(Object.entries(person.fields).filter(([k]) => asked.includes(k))) },
      };
    }
    if (req.method === 'GET' && second === 'accounts') {
      return { status: 200, body: { data: state.pages.get(first!) ?? [], paging: {} } };
    }
    if (req.method === 'POST' && second === 'subscribed_apps') {
      const page = [...state.pages.values()].flat().find((p) => p.id === first);
      if (!page || page.access_token !== token) return graphError(403, 200, 'The page token is required');
      return { status: 200, body: { success: true } };
    }
    if (req.method === 'GET' && second === 'message_templates') {
      return { status: 200, body: { data: state.templates.get(first!) ?? [], paging: {} } };
    }
    if (req.method === 'GET' && first && !second) {
      const media = state.media.get(first);
      if (!media) return graphError(404, 100, `Unsupported get request. Object with ID '${first}' does not exist`);
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          url: `${base}/media-files/${encodeURIComponent(first)}`,
          mime_type: media.mimeType,
          id: first,
        },
      };
    }
    return graphError(400, 100, `Unknown path ${url.pathname}`);
  };

  const server: Server = createServer((req, res) => {
    answer(req).then(
      (out) => {
        if (out.raw) {
          res.writeHead(out.status, { 'content-type': out.raw.mimeType, 'content-length': String(out.raw.bytes.length) });
          res.end(out.raw.bytes);
          return;
        }
        res.writeHead(out.status, { 'content-type': 'application/json' });
        res.end(out.body === undefined ? '' : JSON.stringify(out.body));
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error), code: 1 } }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    url: base,
    calls,
    sends: () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/messages')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
};

/** A Messenger or Instagram webhook delivery: one entry of the account (page or Instagram account) with its events. */
export const metaDelivery = (
  account: string,
  messaging: readonly unknown[],
  options: { object?: 'page' | 'instagram'; time?: number } = {},
) => ({ object: options.object ?? 'page', entry: [{ id: account, time: options.time ?? Date.now(), messaging }] });

/** One messaging event of a Meta delivery, from `sender` to `recipient` (a message, a delivery, a read, a postback). */
export const metaEvent = (sender: string, recipient: string, timestamp: number, event: Record<string, unknown>) => ({
  sender: { id: sender },
  recipient: { id: recipient },
  timestamp,
  ...event,
});

/** Meta's X-Hub-Signature-256 of a body. */
export const signBody = (raw: string | Buffer, appSecret: string): string =>
  `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** Posts a webhook delivery as Meta does: JSON bytes with their signature (or the given header, or none). */
export const postWebhook = (
  url: string,
  payload: unknown,
  appSecret: string | undefined,
  options: { signature?: string } = {},
): Promise<Response> => {
  const raw = JSON.stringify(payload);
  const signature = options.signature ?? (appSecret ? signBody(raw, appSecret) : undefined);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    body: raw,
  });
};
