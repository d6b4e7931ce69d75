import { PRIVATE_URL_REFUSED } from '@switchboard/shared/contracts/queue-integrations';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { makePlan, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until } from '../../../test-network.ts';
import { byTestId, renderSignedIn, sessionRoutes, typeInto } from '../../../test-app.tsx';

/**
 * The integration dialog on /queue-integration against a fake API: the address policy lives on the server, and a
 * URL it refuses is marked on the URL field in the user's language, not only in a toast.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('en');
describe('the integration dialog', () => {
  it('marks a URL the server refuses as private on its field', async () => {
    const user = makeUser();
    const posted: unknown[] = [];
    fakeNetwork({
      ...sessionRoutes(user, makePlan({ useIntegrations: true })),
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
    await renderSignedIn(page, '/queue-integration', user);
    await until(() => byTestId('queue-integrations-add') !== null, 'the page');
    await act(async () => byTestId('queue-integrations-add')!.click());
    await until(() => byTestId('queue-integration-name') !== null, 'the dialog');
    await typeInto('[data-testid="queue-integration-name"]', 'Sales hook');
    await typeInto('[data-testid="queue-integration-url"]', 'http://10.0.0.8/hook');
    await act(async () => (document.querySelector('#queue-integration-form') as HTMLFormElement).requestSubmit());
    await until(() => byTestId('queue-integration-url')!.getAttribute('aria-invalid') === 'true', 'the URL marked');
    expect(posted).toHaveLength(1);
    expect(document.body.textContent).toContain('A private or local address: this server may not call it');
  });
});
