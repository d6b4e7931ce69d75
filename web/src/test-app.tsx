import type { User } from '@switchboard/shared/contracts/auth';
import type { Plan } from '@switchboard/shared/contracts/plans';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect } from 'vitest';
import { AppProviders } from './app/providers.tsx';
import { appRoutes } from './app/router.tsx';
import { sessionStore } from './lib/session-store.ts';
import { makePlan, makeUser } from './test-fixtures.ts';
import type { FakeRoute, TestPage } from './test-network.ts';

/**
 * What web page tests share to render the whole app (its routes and providers) and to act on it as a user would.
 */

/**
 * What the app asks for as soon as it starts with a stored session: the refresh (answering `user`), company 7's plan and
 * the version.
 */
export const sessionRoutes = (user: User = makeUser(), plan: Plan = makePlan()): Record<string, FakeRoute> => ({
  'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: 'tok', user } }),
  'GET /api/companies/listPlan/7': () => ({ status: 200, body: { id: 7, name: 'Acme', plan } }),
  'GET /api/version': () => ({ status: 200, body: { version: '1.2.3' } }),
});

/** Renders the app at `path` into the page's root; answers its router. */
export const renderApp = async (page: TestPage, path: string) => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  await act(async () => {
    page.root.render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  return router;
};

/** Stores a session of `user` (token 'old', which the refresh replaces) and renders the app at `path`. */
export const renderSignedIn = async (page: TestPage, path: string, user: User = makeUser()) => {
  sessionStore.setSession({ token: 'old', user });
  return renderApp(page, path);
};

export const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/** Clicks `el`, which must be there. */
export const click = async (el: Element | null) => {
  expect(el).not.toBeNull();
  await act(async () => {
    (el as HTMLElement).click();
  });
};

/**
 * Types `value` into an input or text area (or the one `target` selects in the document), the way React sees a user's
 * typing: the native value setter, then an input event.
 */
export const typeInto = async (target: string | HTMLInputElement | HTMLTextAreaElement, value: string) => {
  const input = typeof target === 'string' ? document.querySelector<HTMLInputElement | HTMLTextAreaElement>(target)! : target;
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
