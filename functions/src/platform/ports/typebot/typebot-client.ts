/**
 * Typebot's public chat API (v1): a chat starts on a bot's public id (the slug) with prefilled variables and goes
 * on in its session, one customer reply at a time. Typebot's answer (rich-text bubbles, media, a choice input,
 * waits) stops here: callers get texts already in WhatsApp markup, media URLs, choice labels and pauses.
 */
import { z } from 'zod';
import { tenantFetch, type TenantResponse } from '../../http/tenant-fetch.ts';

const TIMEOUT_MS = 15_000;
/** a chat answer is a few bubbles of JSON; media comes as URLs */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** The text Typebot answers with when a reply does not fit the input it waits for (its default retry message). */
export const TYPEBOT_INVALID_REPLY_TEXT = 'Invalid message. Please, try again.';

export class TypebotError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TypebotError';
  }
}

/** The session is unknown to Typebot or has expired there: a new chat has to start. */
export class TypebotSessionGone extends TypebotError {}

export type TypebotBubble =
  | { kind: 'text'; text: string; invalidReply: boolean }
  | { kind: 'media'; mediaType: 'image' | 'audio' | 'video'; url: string }
  | { kind: 'choices'; items: string[] }
  | { kind: 'wait'; seconds: number };

export interface TypebotReply {
  bubbles: TypebotBubble[];
}

// ----- rich text (Typebot's Slate nodes) to WhatsApp markup -----

interface RichNode {
  type?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  children?: RichNode[];
}

const BLOCKS = new Set(['p', 'ul', 'ol', 'li', 'lic', 'h1', 'h2', 'h3', 'blockquote']);

/** Wraps the text's visible part in a marker; WhatsApp only shows markers that touch the words. */
const mark = (text: string, marker: string): string => {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return m[2] ? `${m[1]}${marker}${m[2]}${marker}${m[3]}` : text;
};

const leaf = (node: RichNode): string => {
  let text = node.text ?? '';
  if (node.bold) text = mark(text, '*');
  if (node.italic) text = mark(text, '_');
  if (node.underline) text = mark(text, '~');
  return text;
};

const serialize = (node: RichNode): string => {
  if (!Array.isArray(node.children)) return leaf(node);
  const children = node.children;
  const parts = children.map(serialize);
  const inner = children.some((c) => c.type && BLOCKS.has(c.type)) ? parts.join('\n') : parts.join('');
  if (node.type === 'a' && node.url) {
    const label = inner.trim();
    return !label || label === node.url ? node.url : `[${label}](${node.url})`;
  }
  if (node.type === 'li') return `- ${inner}`;
  return inner;
};

const plain = (node: RichNode): string => (Array.isArray(node.children) ? node.children.map(plain).join('') : (node.text ?? ''));

/** Typebot rich text as WhatsApp markup: bold `*`, italic `_`, underline `~`, links `[text](url)`, one line per paragraph. */
export const richTextToWhatsApp = (nodes: readonly RichNode[]): string =>
  nodes
    .map(serialize)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

// ----- answers -----

const richText = z.array(z.record(z.string(), z.unknown()));
const message = z
  .object({
    id: z.string().optional(),
    type: z.string(),
    content: z
      .object({
        type: z.string().optional(),
        richText: richText.optional(),
        markdown: z.string().optional(),
        plainText: z.string().optional(),
        url: z.string().optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
const answer = z
  .object({
    sessionId: z.string().optional(),
    messages: z.array(message).optional(),
    input: z
      .object({
        type: z.string(),
        items: z.array(z.object({ content: z.string().optional(), title: z.string().optional() }).passthrough()).optional(),
      })
      .passthrough()
      .nullish(),
    clientSideActions: z
      .array(
        z
          .object({
            type: z.string().optional(),
            lastBubbleBlockId: z.string().optional(),
            wait: z.object({ secondsToWaitFor: z.coerce.number() }).optional(),
          })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();
type Answer = z.infer<typeof answer>;

const textOf = (m: z.infer<typeof message>): { text: string; plain: string } => {
  const c = m.content;
  if (c?.richText) {
    const nodes = c.richText as RichNode[];
    return { text: richTextToWhatsApp(nodes), plain: nodes.map(plain).join('\n').trim() };
  }
  const text = (c?.markdown ?? c?.plainText ?? '').trim();
  return { text, plain: text };
};

const isMediaType = (t: string): t is 'image' | 'audio' | 'video' => t === 'image' || t === 'audio' || t === 'video';

/** A video hosted by YouTube, Vimeo and the like is a page, not a file: it goes as its link. */
const isVideoPage = (m: z.infer<typeof message>): boolean => typeof m.content?.type === 'string' && m.content.type !== 'url';

const bubblesOf = (a: Answer): TypebotBubble[] => {
  const waits = (a.clientSideActions ?? []).filter((x) => x.wait && x.wait.secondsToWaitFor > 0);
  const waitAfter = (id: string | undefined): TypebotBubble[] =>
    waits
      .filter((w) => w.lastBubbleBlockId !== undefined && w.lastBubbleBlockId === id)
      .map((w) => ({ kind: 'wait', seconds: w.wait!.secondsToWaitFor }));
  const out: TypebotBubble[] = waits
    .filter((w) => w.lastBubbleBlockId === undefined)
    .map((w) => ({ kind: 'wait', seconds: w.wait!.secondsToWaitFor }));
  for (const m of a.messages ?? []) {
    if (m.type === 'text') {
      const { text, plain: p } = textOf(m);
      if (text) out.push({ kind: 'text', text, invalidReply: p === TYPEBOT_INVALID_REPLY_TEXT });
    } else if (isMediaType(m.type) && m.content?.url) {
      out.push(
        m.type === 'video' && isVideoPage(m)
          ? { kind: 'text', text: m.content.url, invalidReply: false }
          : { kind: 'media', mediaType: m.type, url: m.content.url },
      );
    }
    out.push(...waitAfter(m.id));
  }
  if (a.input?.type === 'choice input' || a.input?.type === 'picture choice input') {
    const items = (a.input.items ?? []).map((i) => (i.content ?? i.title ?? '').trim()).filter(Boolean);
    if (items.length) out.push({ kind: 'choices', items });
  }
  return out;
};

const parseJson = (bytes: Buffer): unknown => {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
};

const post = async (url: string, body: unknown): Promise<Answer> => {
  let res: TenantResponse;
  try {
    // the base URL is the tenant's: tenantFetch keeps it off private addresses when the policy says so
    res = await tenantFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch (error) {
    throw new TypebotError(`Typebot cannot be reached: ${(error as Error).message}`);
  }
  const json = parseJson(res.body);
  if (res.status === 404) throw new TypebotSessionGone('Typebot does not know the session or the bot', 404);
  if (!res.ok) throw new TypebotError(`Typebot answered ${res.status}`, res.status);
  const parsed = answer.safeParse(json);
  if (!parsed.success) throw new TypebotError('Typebot answered an unexpected body', res.status);
  return parsed.data;
};

const base = (baseUrl: string) => baseUrl.trim().replace(/\/+$/, '');

/** POST {base}/api/v1/typebots/{publicId}/startChat: a new session and the bot's opening. */
export const startTypebotChat = async (
  baseUrl: string,
  publicId: string,
  prefilledVariables: Record<string, string>,
): Promise<TypebotReply & { sessionId: string }> => {
  const a = await post(`${base(baseUrl)}/api/v1/typebots/${encodeURIComponent(publicId.trim())}/startChat`, {
    prefilledVariables,
  });
  if (!a.sessionId) throw new TypebotError('Typebot started no session');
  return { sessionId: a.sessionId, bubbles: bubblesOf(a) };
};

/** POST {base}/api/v1/sessions/{sessionId}/continueChat: the customer's reply and what the bot says to it. */
export const continueTypebotChat = async (baseUrl: string, sessionId: string, text: string): Promise<TypebotReply> => {
  const a = await post(`${base(baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message: text });
  return { bubbles: bubblesOf(a) };
};
