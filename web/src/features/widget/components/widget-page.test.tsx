import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitorStorageKey } from '../utils/visitor-storage.ts';
import { WidgetPage } from './widget-page.tsx';
import { WidgetProviders } from './widget-providers.tsx';

/**
 * The widget page as a visitor meets it, against a fake API and a fake socket: start, send, a reply arriving
 * live, a throttled send and an expired visitor token.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TOKEN = 'chat_token_0123456789';
const CONFIG = { companyName: 'Acme Ltda', color: '#0f766e', greeting: 'Bem-vindo à Acme!', open: true };

type Reply = { status: number; body?: unknown };
type Handler = (init: RequestInit) => Reply;

class FakeSocket {
  static last: FakeSocket | undefined;
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send() {}
  close() {}
}

let calls: { method: string; path: string; init: RequestInit }[];

const serve = (routes: Record<string, Handler>) => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init.method ?? 'GET';
      calls.push({ method, path, init });
      const handler = routes[`${method} ${path}`];
      const reply = handler ? handler(init) : { status: 404, body: { error: 'ERR_NOT_FOUND' } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  vi.stubGlobal('WebSocket', FakeSocket);
};

const base = `/api/webchat/${TOKEN}`;
let ticketsIssued = 0;
const configRoute = {
  [`GET ${base}`]: () => ({ status: 200, body: CONFIG }),
  [`POST ${base}/ws-ticket`]: () => ({ status: 200, body: { ticket: `tk-${++ticketsIssued}`, expiresIn: 60 } }),
};

let container: HTMLDivElement;
let root: Root;

const render = async () => {
  const router = createMemoryRouter([{ path: '/widget/:token', element: <WidgetPage /> }], {
    initialEntries: [`/widget/${TOKEN}`],
  });
  await act(async () => {
    root.render(
      <WidgetProviders>
        <RouterProvider router={router} />
      </WidgetProviders>,
    );
  });
  await settle();
  // the page waits for the visitor's language, downloaded on first use
  for (let i = 0; i < 100 && container.querySelector('.page-loader'); i++) await settle();
};

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

const text = () => container.textContent ?? '';
const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

const type = async (selector: string, value: string) => {
  const input = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector)!;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

const click = async (element: HTMLElement | null) => {
  await act(async () => element!.click());
  await settle();
};

beforeEach(() => {
  window.localStorage.clear();
  FakeSocket.last = undefined;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('the widget page', () => {
  it('shows a friendly page for an unknown chat', async () => {
    serve({});
    await render();
    expect(byTestId('widget-unavailable')).not.toBeNull();
    expect(text()).toContain('Chat unavailable');
  });

  it('starts a conversation, keeps the visitor for a reload, and sends a message with its own id', async () => {
    serve({
      ...configRoute,
      [`POST ${base}/visitors`]: () => ({ status: 201, body: { visitorToken: 'vt-1', visitorId: 'v1', name: 'Carla' } }),
      [`GET ${base}/messages`]: () => ({ status: 200, body: { messages: [], answered: false } }),
      [`POST ${base}/messages`]: (init) => {
        const sent = JSON.parse(String(init.body)) as { body: string };
        return {
          status: 202,
          body: {
            id: 'w-1',
            body: sent.body,
            fromVisitor: true,
            mediaType: 'chat',
            mediaUrl: null,
            isDeleted: false,
            createdAt: '2025-05-01T10:00:00.000Z',
          },
        };
      },
    });
    await render();
    expect(byTestId('widget-company')?.textContent).toBe('Acme Ltda');
    expect(text()).toContain('Bem-vindo à Acme!');

    await type('#widget-name', 'Carla');
    await click(byTestId('widget-start'));
    expect(JSON.parse(window.localStorage.getItem(visitorStorageKey(TOKEN))!)).toEqual({ visitorToken: 'vt-1', name: 'Carla' });
    expect(byTestId('widget-offline-note')).not.toBeNull();
    // the socket opens with a one-time ticket asked for with the visitor token, which stays out of the address
    const ticketCall = calls.find((c) => c.method === 'POST' && c.path === `${base}/ws-ticket`)!;
    expect((ticketCall.init.headers as Record<string, string>).authorization).toBe('Bearer vt-1');
    expect(FakeSocket.last?.url).toBe(`ws://localhost:5173/ws?ticket=tk-${ticketsIssued}`);

    await type('#widget-text', '  Preciso de ajuda  ');
    await click(byTestId('widget-send'));
    const send = calls.find((c) => c.method === 'POST' && c.path === `${base}/messages`)!;
    expect(JSON.parse(String(send.init.body))).toEqual({
      body: 'Preciso de ajuda',
      clientMessageId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    expect((send.init.headers as Record<string, string>).authorization).toBe('Bearer vt-1');
    expect(send.init.credentials).toBe('omit');
    expect(byTestId('widget-messages')?.textContent).toContain('Preciso de ajuda');
  });

  it("shows the company's reply as it arrives on the socket, and drops the offline note", async () => {
    window.localStorage.setItem(visitorStorageKey(TOKEN), JSON.stringify({ visitorToken: 'vt-2', name: 'Davi' }));
    serve({
      ...configRoute,
      [`GET ${base}/messages`]: () => ({
        status: 200,
        body: {
          messages: [
            {
              id: 'm1',
              body: 'Oi',
              fromVisitor: true,
              mediaType: 'chat',
              mediaUrl: null,
              isDeleted: false,
              createdAt: '2025-05-01T10:00:00.000Z',
            },
          ],
          answered: false,
        },
      }),
    });
    await render();
    expect(byTestId('widget-start')).toBeNull();
    expect(byTestId('widget-offline-note')).not.toBeNull();
    await act(async () => {
      FakeSocket.last!.onopen?.({});
      FakeSocket.last!.onmessage?.({
        data: JSON.stringify({
          event: 'webchat-message',
          data: {
            id: 'm2',
            body: 'Bom dia, Davi!',
            fromVisitor: false,
            mediaType: 'chat',
            mediaUrl: null,
            isDeleted: false,
            createdAt: '2025-05-01T10:01:00.000Z',
          },
        }),
      });
    });
    expect(byTestId('widget-message-company')?.textContent).toContain('Bom dia, Davi!');
    expect(byTestId('widget-offline-note')).toBeNull();

    await act(async () => {
      FakeSocket.last!.onmessage?.({
        data: JSON.stringify({
          event: 'webchat-message-update',
          data: {
            id: 'm2',
            body: '',
            fromVisitor: false,
            mediaType: 'chat',
            mediaUrl: null,
            isDeleted: true,
            createdAt: '2025-05-01T10:01:00.000Z',
          },
        }),
      });
    });
    expect(byTestId('widget-message-company')?.textContent).toContain('Message deleted');
  });

  it('asks to slow down when the server throttles a message, and lets the visitor retry it', async () => {
    window.localStorage.setItem(visitorStorageKey(TOKEN), JSON.stringify({ visitorToken: 'vt-3', name: 'Eva' }));
    serve({
      ...configRoute,
      [`GET ${base}/messages`]: () => ({ status: 200, body: { messages: [], answered: false } }),
      [`POST ${base}/messages`]: () => ({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } }),
    });
    await render();
    await type('#widget-text', 'Olá?');
    await click(byTestId('widget-send'));
    expect(byTestId('widget-slow-down')?.textContent).toContain('too fast');
    const retry = [...container.querySelectorAll<HTMLButtonElement>('.widget-link-button')].find(
      (b) => b.textContent === 'Try again',
    );
    await click(retry!);
    const sends = calls
      .filter((c) => c.method === 'POST' && c.path === `${base}/messages`)
      .map((c) => JSON.parse(String(c.init.body)) as { clientMessageId: string });
    expect(sends).toHaveLength(2);
    expect(sends[1]!.clientMessageId).toBe(sends[0]!.clientMessageId);
  });

  it("shows the bot menu's options as buttons under its message, sends a tapped option's label with its id and then hides them", async () => {
    window.localStorage.setItem(visitorStorageKey(TOKEN), JSON.stringify({ visitorToken: 'vt-4', name: 'Gil' }));
    const message = (over: Record<string, unknown>) => ({
      fromVisitor: false,
      mediaType: 'chat',
      mediaUrl: null,
      isDeleted: false,
      ...over,
    });
    const options = [
      { id: '1', title: 'Vendas' },
      { id: '2', title: 'Financeiro' },
      { id: 'sair', title: 'Sair' },
    ];
    serve({
      ...configRoute,
      [`GET ${base}/messages`]: () => ({
        status: 200,
        body: {
          messages: [
            message({ id: 'v1', body: 'Oi', fromVisitor: true, createdAt: '2025-05-01T10:00:00.000Z' }),
            message({
              id: 'b1',
              body: 'Escolha:\n1 - Vendas',
              menu: { kind: 'button', options },
              createdAt: '2025-05-01T10:00:01.000Z',
            }),
            message({
              id: 'b2',
              body: 'Novo menu:\n1 - Vendas',
              menu: { kind: 'list', options },
              createdAt: '2025-05-01T10:00:02.000Z',
            }),
          ],
          answered: true,
        },
      }),
      [`POST ${base}/messages`]: (init) => ({
        status: 202,
        body: message({
          id: 'w-9',
          body: (JSON.parse(String(init.body)) as { body: string }).body,
          fromVisitor: true,
          createdAt: '2025-05-01T10:00:05.000Z',
        }),
      }),
    });
    await render();
    const groups = container.querySelectorAll<HTMLElement>('[role="group"]');
    // only the latest menu is offered, under its own bubble
    expect(groups).toHaveLength(1);
    expect(groups[0]!.getAttribute('aria-label')).toBe('Menu options');
    expect(groups[0]!.closest('li')?.textContent).toContain('Novo menu');
    const buttons = [...groups[0]!.querySelectorAll('button')];
    expect(buttons.map((b) => [b.type, b.textContent])).toEqual([
      ['button', 'Vendas'],
      ['button', 'Financeiro'],
      ['button', 'Sair'],
    ]);

    await click(buttons[1]!);
    const sends = calls.filter((c) => c.method === 'POST' && c.path === `${base}/messages`);
    // the label is what the visitor and the agent read; the option's id is what the bot gets
    expect(sends.map((c) => JSON.parse(String(c.init.body)) as { body: string; choice?: string })).toEqual([
      { body: 'Financeiro', choice: '2', clientMessageId: expect.any(String) },
    ]);
    expect(byTestId('widget-menu')).toBeNull();
    expect(document.activeElement?.id).toBe('widget-text');
  });

  it('starts over when the stored visitor token has expired (401)', async () => {
    window.localStorage.setItem(visitorStorageKey(TOKEN), JSON.stringify({ visitorToken: 'old', name: 'Fábio' }));
    serve({ ...configRoute, [`GET ${base}/messages`]: () => ({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }) });
    await render();
    expect(byTestId('widget-start')).not.toBeNull();
    expect(text()).toContain('Your previous conversation expired');
    expect(window.localStorage.getItem(visitorStorageKey(TOKEN))).toBeNull();
    expect(FakeSocket.last).toBeUndefined();
  });
});
