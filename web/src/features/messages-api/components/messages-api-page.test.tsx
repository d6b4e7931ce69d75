import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { appRoutes } from '../../../app/router.tsx';
import { sessionStore } from '../../../lib/session-store.ts';
import { makeConnection, makePlan, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until } from '../../../test-network.ts';

/**
 * The text test form of /messages-api against a fake API: it checks the number before anything is sent, and then
 * waits the spec's 400 ms (document 3, section 9) before it calls the external API with the connection's token.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('es');
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

const typeInto = async (testId: string, value: string) => {
  const input = byTestId(testId) as HTMLInputElement | HTMLTextAreaElement;
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

describe('the messages API test form', () => {
  it('refuses a masked number without a call, then sends 400 ms after the click with the connection token', async () => {
    const user = makeUser();
    let sentAt = 0;
    let sent: { authorization: string | null; body: unknown } | undefined;
    const calls = fakeNetwork({
      'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: 'tok', user } }),
      'GET /api/companies/listPlan/7': () => ({
        status: 200,
        body: { id: 7, name: 'Acme', plan: makePlan({ useExternalApi: true }) },
      }),
      'GET /api/version': () => ({ status: 200, body: { version: '1.2.3' } }),
      'GET /api/whatsapp': () => ({
        status: 200,
        body: [
          makeConnection(3, { name: 'Loja', token: 'conn-token-3', isDefault: true, channel: 'whatsapp', status: 'CONNECTED' }),
        ],
      }),
      'GET /api/queue': () => ({ status: 200, body: [] }),
      'POST /api/v1/messages/send': (init) => {
        sentAt = Date.now();
        sent = { authorization: new Headers(init.headers).get('authorization'), body: JSON.parse(String(init.body)) };
        return {
          status: 200,
          body: {
            status: 'SUCCESS',
            ticketId: 9,
            ticketUuid: 'u-9',
            contactId: 4,
            ticketStatus: 'open',
            messages: [{ id: 'm1', mediaType: 'chat', body: 'Olá' }],
          },
        };
      },
    });
    sessionStore.setSession({ token: 'old', user });
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/messages-api'] });
    await act(async () => {
      page.root.render(
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
    await until(
      () => (byTestId('messages-api-text-token') as HTMLInputElement | null)?.value === 'conn-token-3',
      'the token filled in',
    );

    await typeInto('messages-api-text-number', '+55 (11) 99999-8888');
    await typeInto('messages-api-text-body', 'Olá');
    await act(async () => byTestId('messages-api-text-send')!.click());
    await until(() => byTestId('messages-api-text-number')!.getAttribute('aria-invalid') === 'true', 'the number refused');
    expect(calls.some((c) => c.path.endsWith('/messages/send'))).toBe(false);

    await typeInto('messages-api-text-number', '5511999998888');
    const clickedAt = Date.now();
    await act(async () => byTestId('messages-api-text-send')!.click());
    await until(() => byTestId('messages-api-text-result') !== null, 'the answer');
    expect(sentAt - clickedAt).toBeGreaterThanOrEqual(390);
    expect(sent).toEqual({ authorization: 'Bearer conn-token-3', body: { number: '5511999998888', body: 'Olá' } });
  });
});
