import type { Message } from '@switchboard/shared/contracts/messages';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { useSession } from '../../../lib/session.tsx';
import { sessionStore } from '../../../lib/session-store.ts';
import { makeMessage, makeTicket, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type FakeReply } from '../../../test-network.ts';
import { Conversation } from './conversation.tsx';
import { InboxProvider } from './inbox-context.tsx';

/**
 * The conversation's replies through the outbox, against a fake API whose send the test breaks and mends: a typed
 * reply shows at once as waiting (a clock with its label), stays so while the network fails, goes with its UUID as
 * Idempotency-Key once the network is back, one after the other, and is replaced by the stored message; a refusal
 * shows the reason with a button to try again, and a waiting reply can be cancelled.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ticket = makeTicket({ id: 11, status: 'open' });
let nextUser = 100;
let sendAnswer: (body: { body: string }, key: string) => FakeReply;
let sends: { key: string; body: string }[];

const serve = (user: ReturnType<typeof makeUser>) => {
  sends = [];
  return fakeNetwork({
    'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: 'tok', user } }),
    [`GET /api/tickets/u/${ticket.uuid}`]: () => ({ status: 200, body: ticket }),
    'GET /api/messages/11': () => ({ status: 200, body: { messages: [], ticket, hasMore: false, nextCursor: null } }),
    'POST /api/messages/11': (init) => {
      const key = new Headers(init.headers).get('idempotency-key') ?? '';
      const body = JSON.parse(String(init.body)) as { body: string };
      sends.push({ key, body: body.body });
      return sendAnswer(body, key);
    },
  });
};

const stored = (body: string, key: string): Message =>
  makeMessage({ id: `11-${key}`, ticketId: 11, body, fromMe: true, clientKey: key, createdAt: new Date().toISOString() });

const noNetwork = (): FakeReply => {
  throw new TypeError('Failed to fetch');
};

const page = freshPageEachTest('en');

const render = async () => {
  // a user of their own per test: each has an outbox of their own
  const user = makeUser({ id: ++nextUser });
  serve(user);
  sessionStore.setSession({ token: 'old', user });
  function SignedIn() {
    return useSession().status === 'signedIn' ? (
      <InboxProvider initialPane="ticket">
        <Conversation uuid={ticket.uuid} />
      </InboxProvider>
    ) : null;
  }
  await act(async () => {
    page.root.render(
      <AppProviders>
        <MemoryRouter>
          <SignedIn />
        </MemoryRouter>
      </AppProviders>,
    );
  });
  await until(() => document.querySelector('[data-testid=message-input]') !== null, 'the composer');
};

const input = () => document.querySelector<HTMLTextAreaElement>('[data-testid=message-input]')!;
const reply = async (text: string) => {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
};
const waiting = () => [...document.querySelectorAll<HTMLElement>('[data-testid=outbox-reply]')];
const shown = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid=message] .bubble__text')].map((e) => e.textContent ?? '');
const click = async (el: Element) => {
  await act(async () => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
};

beforeEach(async () => {
  sendAnswer = noNetwork;
});

describe('replies through the outbox', () => {
  it('shows replies typed on a failing network as waiting and sends each once, in order, when it is back', async () => {
    await render();
    await reply('first reply');
    await reply('second reply');
    expect(waiting().map((w) => w.querySelector('.bubble__text')?.textContent)).toEqual(['first reply', 'second reply']);
    expect(input().value).toBe('');
    await until(() => sends.length === 1, 'the first try');
    const state = waiting()[0]!.querySelector('[data-testid=outbox-state]')!;
    expect(state.classList.contains('pi-clock')).toBe(true);
    expect(state.getAttribute('aria-label')).toBe('Waiting to be sent');
    // no answer: the composer says it is offline, and the later reply waits behind the first
    await until(() => document.querySelector('[data-testid=composer-offline]') !== null, 'the offline note');
    expect(sends.map((s) => s.body)).toEqual(['first reply']);
    expect(waiting().map((w) => w.dataset.outboxState)).toEqual(['waiting', 'waiting']);

    sendAnswer = (body, key) => ({ status: 201, body: stored(body.body, key) });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await until(() => waiting().length === 0, 'both replies sent');
    expect(shown()).toEqual(['first reply', 'second reply']);
    const keys = [...new Set(sends.map((s) => s.key))];
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // every try of a reply carried its one key, and each reply went through once
    expect(sends.filter((s) => s.body === 'first reply').every((s) => s.key === keys[0])).toBe(true);
    expect(sends.filter((s) => s.body === 'second reply')).toHaveLength(1);
    expect(document.querySelector('[data-testid=composer-offline]')).toBeNull();
  });

  it('shows a refusal with its reason and a retry button, and sends the reply again on retry', async () => {
    sendAnswer = () => ({ status: 400, body: { error: 'ERR_OUTSIDE_SERVICE_WINDOW', message: 'closed window' } });
    await render();
    await reply('too late');
    await until(() => waiting()[0]?.dataset.outboxState === 'failed', 'the refusal');
    expect(waiting()[0]!.querySelector('[data-testid=outbox-error]')!.textContent).not.toBe('');
    expect(waiting()[0]!.querySelector('[data-testid=outbox-state]')!.getAttribute('aria-label')).toBe('Not sent');

    sendAnswer = (body, key) => ({ status: 201, body: stored(body.body, key) });
    await click(waiting()[0]!.querySelector('[data-testid=outbox-retry]')!);
    await until(() => waiting().length === 0, 'the reply sent');
    expect(shown()).toEqual(['too late']);
    expect(sends).toHaveLength(2);
    expect(sends[1]!.key).toBe(sends[0]!.key);
  });

  it('drops a waiting reply the agent cancels, never sends it again, and sends the next', async () => {
    await render();
    await reply('never mind');
    await until(() => sends.length === 1, 'the first try');
    await click(waiting()[0]!.querySelector('[data-testid=outbox-cancel]')!);
    expect(waiting()).toHaveLength(0);
    sendAnswer = (body, key) => ({ status: 201, body: stored(body.body, key) });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await reply('instead');
    await until(() => shown().length === 1 && waiting().length === 0, 'the next reply sent');
    expect(shown()).toEqual(['instead']);
    expect(sends.map((s) => s.body)).toEqual(['never mind', 'instead']);
  });
});
