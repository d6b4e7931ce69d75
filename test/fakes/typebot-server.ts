/**
 * A local fake of Typebot's public chat API (v1) for the integration tests: startChat on a bot's public id with
 * prefilled variables, continueChat in the session it made, Typebot's answer shapes (rich-text bubbles, an image,
 * a choice input, wait actions, the default retry message for a reply that fits no choice) and 404 for a session it
 * does not know. Its one scripted bot:
 *
 *   opening: "Olá *{pushName}*!" (bold name, italic word, a link), a picture, choices Vendas / Suporte / Nada
 *   Vendas  -> "Transferindo..." then the command `#{"queueId": <transferQueueId>}`
 *   Suporte -> "Descreva o problema" and a text input
 *   Nada    -> nothing at all (the flow ends)
 *   other   -> "Invalid message. Please, try again." and the choices again
 *   after "Descreva o problema": "Anotado: <reply>", a 3-second wait, "Até mais!"; the flow ends
 *
 * A session whose flow ended, or that a test expired, is unknown: continueChat answers 404.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TYPEBOT_SLUG = 'atendimento-fake';
export const FAKE_TYPEBOT_INVALID = 'Invalid message. Please, try again.';
/** 1x1 PNG */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export interface TypebotCall {
  path: string;
  body: any;
  status: number;
}

interface Session {
  step: 'menu' | 'problem';
  variables: Record<string, string>;
}

export interface FakeTypebot {
  url: string;
  calls: TypebotCall[];
  sessions: Map<string, Session>;
  /** the queue the "Vendas" choice hands the conversation to */
  transferQueueId: number;
  /** forgets a session, as Typebot does when it expires on its side */
  expire(sessionId: string): void;
  close(): Promise<void>;
}

const CHOICES = ['Vendas', 'Suporte', 'Nada'];

const readJson = async (req: IncomingMessage): Promise<any> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return { __malformed: text };
  }
};

const p = (...children: unknown[]) => ({ type: 'p', children });
const text = (id: string, ...paragraphs: unknown[]) => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: paragraphs },
});
const plainText = (id: string, value: string) => text(id, p({ text: value }));
const choiceInput = () => ({
  id: 'choice',
  type: 'choice input',
  items: CHOICES.map((content, i) => ({ id: `item${i}`, content })),
  options: {},
});

export const startFakeTypebot = async (): Promise<FakeTypebot> => {
  const calls: TypebotCall[] = [];
  const sessions = new Map<string, Session>();
  let url = '';

  const answer = (res: ServerResponse, call: TypebotCall, status: number, body: unknown) => {
    call.status = status;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method === 'GET' && path === '/media/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) });
      res.end(PNG);
      return;
    }
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const call: TypebotCall = { path, body, status: 0 };
    calls.push(call);
    if (req.method === 'POST' && req.headers['content-type']?.startsWith('application/json') !== true)
      return answer(res, call, 415, { message: 'JSON expected' });
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (req.method === 'POST' && start) {
      if (decodeURIComponent(start[1]!) !== FAKE_TYPEBOT_SLUG)
        return answer(res, call, 404, { message: 'Typebot not found', code: 'NOT_FOUND' });
      const vars = body?.prefilledVariables ?? {};
      if (typeof vars !== 'object' || Object.values(vars).some((v) => typeof v !== 'string'))
        return answer(res, call, 400, { message: 'Invalid prefilledVariables', code: 'BAD_REQUEST' });
      const sessionId = randomUUID().replace(/-/g, '').slice(0, 24);
      sessions.set(sessionId, { step: 'menu', variables: vars });
      return answer(res, call, 200, {
        sessionId,
        resultId: randomUUID(),
        typebot: { id: 'bot1', theme: {}, settings: {} },
        messages: [
          text(
            'hello',
            p({ text: 'Olá ' }, { text: vars.pushName || 'visitante', bold: true }, { text: '! Como vai?' }),
            p(
              { text: 'Somos ' },
              { text: 'rápidos', italic: true },
              { text: ' — veja ' },
              { type: 'a', url: 'https://example.com/ajuda', children: [{ text: 'a ajuda' }] },
            ),
          ),
          { id: 'logo', type: 'image', content: { url: `${url}/media/logo.png` } },
        ],
        input: choiceInput(),
      });
    }
    const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (req.method === 'POST' && cont) {
      const sessionId = decodeURIComponent(cont[1]!);
      const session = sessions.get(sessionId);
      if (!session) return answer(res, call, 404, { message: 'Session not found.', code: 'NOT_FOUND' });
      const reply =
        typeof body?.message === 'string' ? body.message : body?.message?.type === 'text' ? body.message.text : undefined;
      if (typeof reply !== 'string') return answer(res, call, 400, { message: 'message is required', code: 'BAD_REQUEST' });
      if (session.step === 'menu') {
        const chosen = CHOICES.find((c) => c.toLowerCase() === reply.trim().toLowerCase());
        if (!chosen)
          return answer(res, call, 200, { messages: [plainText('retry', FAKE_TYPEBOT_INVALID)], input: choiceInput() });
        if (chosen === 'Vendas') {
          sessions.delete(sessionId);
          return answer(res, call, 200, {
            messages: [plainText('sales', 'Transferindo...'), plainText('cmd', `#{"queueId": ${fake.transferQueueId}}`)],
          });
        }
        if (chosen === 'Nada') {
          sessions.delete(sessionId);
          return answer(res, call, 200, { messages: [] });
        }
        session.step = 'problem';
        return answer(res, call, 200, {
          messages: [plainText('ask', 'Descreva o problema')],
          input: { id: 'problem', type: 'text input', options: {} },
        });
      }
      sessions.delete(sessionId);
      return answer(res, call, 200, {
        messages: [plainText('noted', `Anotado: ${reply}`), plainText('bye', 'Até mais!')],
        clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 3 }, lastBubbleBlockId: 'noted' }],
      });
    }
    return answer(res, call, 404, { message: 'Not found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: (error as Error).message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeTypebot = {
    url,
    calls,
    sessions,
    transferQueueId: 0,
    expire: (sessionId) => void sessions.delete(sessionId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
};
