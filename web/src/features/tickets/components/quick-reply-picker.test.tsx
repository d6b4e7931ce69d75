import type { QuickMessage } from '@switchboard/shared/contracts/quick-messages';
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { useSession } from '../../../lib/session.tsx';
import { sessionStore } from '../../../lib/session-store.ts';
import { makeUser, makeQuickMessage } from '../../../test-fixtures.ts';
import { makeTicket } from '../../../test-fixtures.ts';
import { MessageInput } from './message-input.tsx';
import { fakeNetwork, type RecordedCall, freshPageEachTest, until } from '../../../test-network.ts';

/**
 * The message input's quick-reply picker, signed in, against a fake API: '/' lists the replies the API offers,
 * what follows the '/' filters them, keys and the mouse pick one, and a reply with a file arrives as an attachment.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let calls: RecordedCall[];

const LONG =
  'Bom dia! Obrigado por entrar em contato com a Acme. Em que podemos ajudar hoje? Responderemos em breve, fique à vontade.';

const quick = (id: number, overrides: Partial<QuickMessage> = {}): QuickMessage => makeQuickMessage(id, { ...overrides });

const replies = [
  quick(1, { shortcode: 'ola', message: LONG }),
  quick(2, { shortcode: 'obrigado', message: 'Obrigado!' }),
  quick(3, {
    shortcode: 'tabela',
    message: 'Segue a tabela',
    isMedia: true,
    mediaName: 'tabela.pdf',
    mediaType: 'application/pdf',
    mediaUrl: '/media/c7/qm3/tabela.pdf?sig=x',
  }),
];

const serve = () => {
  calls = fakeNetwork({
    'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: 'tok', user: makeUser() } }),
    'GET /api/quick-messages/list': (_init, url) => {
      const prefix = (url.searchParams.get('shortcode') ?? '').toLowerCase();
      return { status: 200, body: replies.filter((r) => r.shortcode.startsWith(prefix)) };
    },
    'GET /media/c7/qm3/tabela.pdf': () => ({ status: 200, raw: '%PDF-1.4 price list', type: 'application/pdf' }),
  });
};

function SignedIn({ children }: { children: ReactNode }) {
  return useSession().status === 'signedIn' ? <>{children}</> : null;
}

const page = freshPageEachTest('pt');

const render = async () => {
  sessionStore.setSession({ token: 'old', user: makeUser() });
  await act(async () => {
    page.root.render(
      <AppProviders>
        <SignedIn>
          <MessageInput
            ticket={makeTicket({ id: 11, status: 'open' })}
            replyTo={undefined}
            editing={undefined}
            onCancelReply={() => {}}
            onCancelEdit={() => {}}
            onSendContact={() => {}}
          />
        </SignedIn>
      </AppProviders>,
    );
  });
};

const input = () => document.querySelector<HTMLTextAreaElement>('[data-testid=message-input]')!;
const options = () => [...document.querySelectorAll<HTMLElement>('[data-testid=quick-reply-option]')];
const type = async (value: string) => {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const press = async (key: string) => {
  await act(async () => {
    input().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
};

beforeEach(async () => {
  serve();
  await render();
  await until(() => document.querySelector('[data-testid=message-input]') !== null, 'the message input');
});

describe('the quick-reply picker', () => {
  it("lists the offered replies when the text starts with '/', labels cut at 90 characters, filtered by what follows", async () => {
    expect(document.querySelector('[data-testid=quick-reply-picker]')).toBeNull();
    await type('/');
    await until(() => options().length === 3, 'three replies');
    const label = options()[0]!.querySelector('.quick-reply-picker__label')!.textContent!;
    expect(label).toBe(`${LONG.slice(0, 90).trimEnd()}…`);
    expect(options()[1]!.textContent).toContain('/obrigado');

    await type('/ob');
    await until(() => options().length === 1, 'the filtered list');
    expect(options()[0]!.textContent).toContain('Obrigado!');
    expect(calls.filter((c) => c.path === '/api/quick-messages/list').map((c) => c.search)).toContain('?shortcode=ob');

    await type('/ob rigado');
    expect(document.querySelector('[data-testid=quick-reply-picker]')).toBeNull();
  });

  it('moves with the arrow keys and puts the chosen reply in the input with Enter, sending nothing', async () => {
    await type('/');
    await until(() => options().length === 3, 'the replies');
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    await press('ArrowDown');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    await press('ArrowUp');
    await press('ArrowUp');
    expect(options()[2]!.getAttribute('aria-selected')).toBe('true');
    await press('ArrowDown');
    await press('ArrowDown');
    await press('Enter');
    expect(input().value).toBe('Obrigado!');
    expect(document.querySelector('[data-testid=quick-reply-picker]')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/messages'))).toBe(false);
  });

  it('closes with Escape until the text changes', async () => {
    await type('/o');
    await until(() => options().length === 2, 'the replies');
    await press('Escape');
    expect(document.querySelector('[data-testid=quick-reply-picker]')).toBeNull();
    expect(input().value).toBe('/o');
    await type('/ol');
    await until(() => options().length === 1, 'the picker again');
  });

  it('picks a reply with the mouse', async () => {
    await type('/');
    await until(() => options().length === 3, 'the replies');
    await act(async () => options()[0]!.click());
    expect(input().value).toBe(LONG);
  });

  it("attaches a reply's file with its text as the caption", async () => {
    await type('/tab');
    await until(() => options().length === 1, 'the reply with a file');
    await press('Enter');
    await until(() => document.querySelector('[data-testid=attachment-caption]') !== null, 'the attachment dialog');
    expect(calls.some((c) => c.path === '/media/c7/qm3/tabela.pdf')).toBe(true);
    expect(document.body.textContent).toContain('tabela.pdf');
    expect(document.querySelector<HTMLTextAreaElement>('[data-testid=attachment-caption]')!.value).toBe('Segue a tabela');
    expect(input().value).toBe('');
  });
});
