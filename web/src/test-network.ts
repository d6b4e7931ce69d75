import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';
import { API_PREFIX } from '@switchboard/shared/route-table';
import { matchRoute } from '@switchboard/shared/routes';
import { prettifyError } from 'zod';
import { i18n } from './lib/i18n.ts';
import { sessionStore } from './lib/session-store.ts';

/**
 * What web unit tests share. The network as they see it: `fetch` answers from a table of routes ("METHOD /path") and 404s the
 * rest, and the realtime WebSocket never connects. The API itself is tested against the real backend elsewhere;
 * these tests are about what a page does with answers.
 */
export interface FakeReply {
  status: number;
  body?: unknown;
  /** a non-JSON answer (a file), sent as is with `type` */
  raw?: string;
  type?: string;
}

export type FakeRoute = (init: RequestInit, url: URL) => FakeReply;

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  body?: unknown;
}

class SilentSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

/**
 * Why a fake's answer is one the API could not give: a 2xx JSON body that its route's response schema refuses (the
 * schemas the backend's answers are held to); undefined when it fits or the route declares no schema.
 */
export const driftOf = (method: string, pathname: string, reply: FakeReply): string | undefined => {
  if (reply.status < 200 || reply.status > 299 || reply.raw !== undefined || reply.body === undefined) return undefined;
  if (!pathname.startsWith(`${API_PREFIX}/`)) return undefined;
  const match = matchRoute(method, pathname.slice(API_PREFIX.length));
  if (!match || !('route' in match) || !match.route.response) return undefined;
  const result = match.route.response.safeParse(reply.body);
  return result.success
    ? undefined
    : `the fake answer of ${method} ${pathname} (route ${match.route.id}) does not match its response schema:\n${prettifyError(result.error)}`;
};

/**
 * Installs the fake network; answers the list of calls made through it, in order. A 2xx answer that does not match
 * its route's response schema makes the call fail and the test fail, naming the route and the schema's complaint.
 */
export const fakeNetwork = (routes: Record<string, FakeRoute>): RecordedCall[] => {
  const calls: RecordedCall[] = [];
  const drifts: string[] = [];
  onTestFinished(() => {
    if (drifts.length) throw new Error(drifts.join('\n'));
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, search: url.search, body });
      const route = routes[`${method} ${url.pathname}`];
      const reply = route ? route(init, url) : { status: 404, body: { error: 'ERR_ROUTE_NOT_FOUND' } };
      const drift = driftOf(method, url.pathname, reply);
      if (drift) {
        drifts.push(drift);
        throw new Error(drift);
      }
      const payload = reply.raw ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
      return new Response(payload, { status: reply.status, headers: { 'content-type': reply.type ?? 'application/json' } });
    }),
  );
  vi.stubGlobal('WebSocket', SilentSocket);
  return calls;
};

/**
 * Waits (in React's act, 20 ms at a time, 3 s at most) until `check` holds; fails naming `what` and showing the
 * page's text.
 */
export const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 150; i++) {
    if (check()) return;
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
  }
  throw new Error(`timed out waiting for ${what}; page: ${document.body.textContent}`);
};

export interface TestPage {
  container: HTMLDivElement;
  root: Root;
}

/**
 * Gives each test of the file a fresh page: empty storage and session, the interface in `language`, a container
 * with its React root; afterwards the root is unmounted, the document emptied and the fake network removed.
 */
export const freshPageEachTest = (language: 'pt' | 'es' | 'en' | 'tr' = 'pt'): TestPage => {
  const page = {} as TestPage;
  beforeEach(async () => {
    localStorage.clear();
    sessionStore.clear();
    await i18n.changeLanguage(language);
    page.container = document.createElement('div');
    document.body.append(page.container);
    page.root = createRoot(page.container);
  });
  afterEach(async () => {
    await act(async () => page.root.unmount());
    page.container.remove();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });
  return page;
};
