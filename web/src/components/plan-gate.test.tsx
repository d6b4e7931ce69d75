import { describe, expect, it } from 'vitest';
import { makePlan, makeUser } from '../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type RecordedCall } from '../test-network.ts';
import { renderSignedIn, sessionRoutes } from '../test-app.tsx';
import { PLAN_GATE_REDIRECT_MS } from './plan-gate.tsx';

/**
 * The plan gate (spec document 3, sections 2 and 8) on a real page: a plan without the feature shows the toast at
 * once, keeps the page's address while the toast is read, and goes to / a second later; the page's data is never asked for.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('es');

const open = async (path: string, plan: Parameters<typeof makePlan>[0], profile: 'admin' | 'user' = 'admin') => {
  const user = makeUser({ profile });
  const calls: RecordedCall[] = fakeNetwork({
    ...sessionRoutes(user, makePlan(plan)),
    'GET /api/whatsapp': () => ({ status: 200, body: [] }),
    'GET /api/queue': () => ({ status: 200, body: [] }),
  });
  const router = await renderSignedIn(page, path, user);
  return { router, calls };
};

const PLAN_TOAST = 'Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.';

describe('the plan gate', () => {
  it('shows its toast at once and leaves the page for / one second later, without asking for the page data', async () => {
    const { router, calls } = await open('/campaigns', { useCampaigns: false });
    await until(() => document.body.textContent!.includes(PLAN_TOAST), 'the toast');
    const toastAt = Date.now();
    expect(router.state.location.pathname).toBe('/campaigns');
    await until(() => router.state.location.pathname !== '/campaigns', 'the redirect');
    // the timer starts just before the toast renders: allow a few ms of rendering on either side
    expect(Date.now() - toastAt).toBeGreaterThanOrEqual(PLAN_GATE_REDIRECT_MS - 100);
    expect(router.state.location.pathname).not.toMatch(/^\/campaign/);
    expect(calls.some((c) => c.path.startsWith('/api/campaigns'))).toBe(false);
  });

  it('shows the no-access view to a profile user instead, and stays', async () => {
    const { router } = await open('/campaigns', { useCampaigns: true }, 'user');
    await until(() => document.querySelector('[data-testid=forbidden-page]') !== null, 'the no-access view');
    expect(router.state.location.pathname).toBe('/campaigns');
  });
});
