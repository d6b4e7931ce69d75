import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { makeConnection, makePlan, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until } from '../../../test-network.ts';
import { byTestId, renderSignedIn, sessionRoutes, typeInto } from '../../../test-app.tsx';

/**
 * The text test form of /messages-api against a fake API: it checks the number before anything is sent, and then
 * waits the spec's 400 ms (document 3, section 9) before it calls the external API with the connection's token.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('es');

describe('the messages API test form', () => {
  it('refuses a masked number without a call, then sends 400 ms after the click with the connection token', async () => {
    const user = makeUser();
    let sentAt = 0;
    let sent: { authorization: string | null; body: unknown } | undefined;
    const calls = fakeNetwork({
      ...sessionRoutes(user, makePlan({ useExternalApi: true })),
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
    await renderSignedIn(page, '/messages-api', user);
    await until(
      () => (byTestId('messages-api-text-token') as HTMLInputElement | null)?.value === 'conn-token-3',
      'the token filled in',
    );

    await typeInto('[data-testid="messages-api-text-number"]', '+55 (11) 99999-8888');
    await typeInto('[data-testid="messages-api-text-body"]', 'Olá');
    await act(async () => byTestId('messages-api-text-send')!.click());
    await until(() => byTestId('messages-api-text-number')!.getAttribute('aria-invalid') === 'true', 'the number refused');
    expect(calls.some((c) => c.path.endsWith('/messages/send'))).toBe(false);

    await typeInto('[data-testid="messages-api-text-number"]', '5511999998888');
    const clickedAt = Date.now();
    await act(async () => byTestId('messages-api-text-send')!.click());
    await until(() => byTestId('messages-api-text-result') !== null, 'the answer');
    expect(sentAt - clickedAt).toBeGreaterThanOrEqual(390);
    expect(sent).toEqual({ authorization: 'Bearer conn-token-3', body: { number: '5511999998888', body: 'Olá' } });
  });
});
