import { PRIVATE_URL_REFUSED } from '@switchboard/shared/contracts/queue-integrations';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { appRoutes } from '../../../app/router.tsx';
import { sessionStore } from '../../../lib/session-store.ts';
import { makePlan, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until } from '../../../test-network.ts';

/**
 * The integration dialog on /queue-integration against a fake API: the address policy lives on the server, and a
 * URL it refuses is marked on the URL field in the user's language, not only in a toast.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('en');
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const typeInto = async (testId: string, value: string) => {
  const input = byTestId(testId) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

describe('the integration dialog', () => {
  it('marks a URL the server refuses as private on its field', async () => {
    const user = makeUser();
    const posted: unknown[] = [];
    fakeNetwork({
      'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: 'tok', user } }),
      'GET /api/companies/listPlan/7': () => ({
        status: 200,
        body: { id: 7, name: 'Acme', plan: makePlan({ useIntegrations: true }) },
      }),
      'GET /api/version': () => ({ status: 200, body: { version: '1.2.3' } }),
      'GET /api/whatsapp': () => ({ status: 200, body: [] }),
      'GET /api/queue': () => ({ status: 200, body: [] }),
      'GET /api/queueIntegration': () => ({ status: 200, body: { queueIntegrations: [], hasMore: false } }),
      'POST /api/queueIntegration': (init) => {
        posted.push(JSON.parse(String(init.body)));
        return {
          status: 400,
          body: {
            error: 'ERR_VALIDATION',
            message: 'Invalid input',
            fields: [{ path: 'body.urlN8N', message: `${PRIVATE_URL_REFUSED}: private` }],
          },
        };
      },
    });
    sessionStore.setSession({ token: 'old', user });
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/queue-integration'] });
    await act(async () => {
      page.root.render(
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
    await until(() => byTestId('queue-integrations-add') !== null, 'the page');
    await act(async () => byTestId('queue-integrations-add')!.click());
    await until(() => byTestId('queue-integration-name') !== null, 'the dialog');
    await typeInto('queue-integration-name', 'Sales hook');
    await typeInto('queue-integration-url', 'http://10.0.0.8/hook');
    await act(async () => (document.querySelector('#queue-integration-form') as HTMLFormElement).requestSubmit());
    await until(() => byTestId('queue-integration-url')!.getAttribute('aria-invalid') === 'true', 'the URL marked');
    expect(posted).toHaveLength(1);
    expect(document.body.textContent).toContain('A private or local address: this server may not call it');
  });
});
